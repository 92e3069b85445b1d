import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = join(process.cwd(), "app/components/ui");
const sprite = readFileSync(join(dir, "icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1]);
const used = ["icons.tsx", "page-icons.tsx"].flatMap((file) =>
  [...readFileSync(join(dir, file), "utf8").matchAll(/<Svg \{\.\.\.p\} name="([\w-]+)" \/>/g)].map((m) => m[1]),
);

// An icon whose symbol is missing renders as an empty square without any error: the browser
// silently ignores a `<use>` that points nowhere.
describe("icon sprite", () => {
  it("has a symbol for every icon component, each once", () => {
    expect(used.length).toBeGreaterThan(30);
    for (const name of used) expect(symbols).toContain(name);
    expect(new Set(symbols).size).toBe(symbols.length);
  });

  it("holds no symbol no component uses (every visitor downloads the sprite)", () => {
    expect(symbols.filter((name) => !used.includes(name))).toEqual([]);
  });

  it("every symbol has the 24 × 24 view box the icons are drawn in", () => {
    expect(sprite.match(/<symbol /g)?.length).toBe(symbols.length);
    expect(sprite.match(/<symbol id="[\w-]+" viewBox="0 0 24 24"/g)?.length).toBe(symbols.length);
  });
});
