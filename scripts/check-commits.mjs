// Commit messages as the history's readers need them (run by `npm test` in its lint step): every
// commit since the rule began has a subject of at most 72 characters, so `git log --oneline`,
// GitHub and mail clients show it whole, and every commit that changes more than a trivial
// amount says why in a body. History is never rewritten: the rule holds from FIRST_COMMIT on.
//
//   node scripts/check-commits.mjs        checks FIRST_COMMIT..HEAD, or in a shallow clone without
//                                         FIRST_COMMIT the last FALLBACK_COUNT commits there are
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** The commit that introduced the rule (app/server by domain); the commits after it are checked. */
const FIRST_COMMIT = "765c8125485472a13de7ad8fe6440772bd46fb19";
const FALLBACK_COUNT = 50;
const MAX_SUBJECT = 72;
/** Up to this many changed lines (added + deleted, text files only) a commit may go without a body. */
const TRIVIAL_LINES = 10;

const git = (...args) =>
  execFileSync("git", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "pipe"] });
const succeeds = (...args) => {
  try {
    execFileSync("git", args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

try {
  git("rev-parse", "--verify", "--quiet", "HEAD^{commit}");
} catch (error) {
  const why = String(error.stderr ?? "").trim() || "no commit yet";
  console.log(`commit messages: no git history to check here (${why.split("\n")[0]})`);
  process.exit(0);
}

const anchored = succeeds("merge-base", "--is-ancestor", FIRST_COMMIT, "HEAD");
// In a shallow clone the oldest commits' parents are missing: their size is not known here.
const shallowFile = git("rev-parse", "--git-path", "shallow").trim();
const cutOff = new Set(existsSync(shallowFile) ? readFileSync(shallowFile, "utf8").split("\n").filter(Boolean) : []);
const range = anchored ? [`${FIRST_COMMIT}..HEAD`] : ["-n", String(FALLBACK_COUNT), "HEAD"];

// One record per commit: hash, parents, subject, body, then its --numstat lines.
const log = git("log", "--numstat", "--format=%x1e%H%x00%P%x00%s%x00%b%x00", ...range);
const commits = log
  .split("\x1e")
  .filter(Boolean)
  .map((record) => {
    const [hash, parents, subject, body, numstat = ""] = record.split("\x00");
    let lines = 0;
    let binary = false;
    for (const row of numstat.split("\n").filter(Boolean)) {
      const [added, deleted] = row.split("\t");
      if (added === "-" || deleted === "-") binary = true;
      else lines += Number(added) + Number(deleted);
    }
    const files = numstat.split("\n").filter(Boolean).length;
    return {
      hash,
      merge: parents.split(" ").length > 1,
      cutOff: cutOff.has(hash),
      subject,
      body: body.trim(),
      lines,
      files,
      binary,
    };
  });

const problems = [];
for (const commit of commits) {
  const reasons = [];
  const length = [...commit.subject].length;
  if (length > MAX_SUBJECT) reasons.push(`subject is ${length} characters (at most ${MAX_SUBJECT})`);
  // A merge commit's message is git's own; what it brings in has its commits' messages.
  const trivial = !commit.binary && commit.lines <= TRIVIAL_LINES;
  if (!commit.merge && !commit.cutOff && !trivial && commit.body === "") {
    const files = `${commit.files} file${commit.files === 1 ? "" : "s"}`;
    const size = commit.binary ? `${files}, binary ones among them` : `${commit.lines} lines`;
    reasons.push(`no body, but it changes ${size}: say why in a body after an empty line`);
  }
  if (reasons.length > 0) problems.push({ commit, reasons });
}

const scope = anchored
  ? `${commits.length} commit(s) since ${FIRST_COMMIT.slice(0, 7)}`
  : `the last ${commits.length} commit(s) (${FIRST_COMMIT.slice(0, 7)} is not in this clone)`;
if (problems.length === 0) {
  console.log(`commit messages: ${scope} ok (subject ≤ ${MAX_SUBJECT} characters, a body when not trivial)`);
  process.exit(0);
}

console.error(`commit messages: ${problems.length} of ${scope} break the rule:`);
for (const { commit, reasons } of problems) {
  console.error(`  ${commit.hash.slice(0, 7)} ${commit.subject}`);
  for (const reason of reasons) console.error(`          ${reason}`);
}
console.error(
  `Write a subject of at most ${MAX_SUBJECT} characters, an empty line, then a body that says why ` +
    "(git commit without -m opens the editor; fix an unpushed commit with git commit --amend or git rebase -i).",
);
process.exit(1);
