import { SERVICE } from "~/server/db/db.server";
import { versionedCache } from "~/server/platform/versioned-cache.server";

/**
 * `public.member_data_version` (migration 20261130100000_member_data_version.sql), followed the way
 * the catalogue and viewer versions are: re-read at most about once a second. The page cache keys a
 * member's stored dashboard by it (server/page-cache.ts), so any write to what a dashboard shows,
 * on any instance or in plain SQL, retires the stored ones within about a second.
 */
const memberData = versionedCache({
  checkAs: SERVICE,
  async readVersion(tx) {
    const row = await tx.selectFrom("member_data_version").select("version").executeTakeFirst();
    return BigInt(row?.version ?? 0);
  },
});

/** The version now (checked within about a second). Rejects when the database cannot be asked. */
export const memberDataVersion = () => memberData.current();

/**
 * A write request this instance answered has committed (its response is out): the next read asks
 * the database first, so the member's next page shows their own change at once.
 */
export const recheckMemberData = () => memberData.recheck();

/** Tests: forget everything (as after a restart). */
export const resetMemberDataVersion = () => memberData.reset();
