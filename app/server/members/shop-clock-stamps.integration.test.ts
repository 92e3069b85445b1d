import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asService, closeMemoryDatabase, openMemoryDatabase } from "~/server/db/fixtures/memory-database";

/**
 * A member's bookkeeping stamps on a moved shop clock (the year-long audit): the profile's created
 * and updated, and the data export's exported_at, carry the shop's time like their orders do; so
 * does the footer's year (shopYear, which the root loader gives it).
 */
beforeAll(() => openMemoryDatabase(), 180_000);
afterAll(closeMemoryDatabase);

describe("a member's stamps follow the shop's clock", () => {
  it("profile created and updated, the DSGVO export and the footer, in the shop's year", async () => {
    const { setShopClock, shopYear } = await import("~/server/jobs/clock.server");
    const { withViewer } = await import("~/server/db/db.server");
    const { createMemberProfile, exportMemberData } = await import("~/server/members/members.server");
    await setShopClock(new Date("2030-06-01T10:00:00Z"));
    try {
      const email = "uhr@example.com";
      const userId = await asService(async (tx) => {
        const { rows } = await sql<{ id: string }>`
          insert into auth.users (email, email_confirmed_at) values (${email}, now()) returning id`.execute(tx);
        await createMemberProfile(tx, { id: rows[0].id, email });
        await tx.updateTable("profiles").set({ first_name: "Erika" }).where("id", "=", rows[0].id).execute();
        return rows[0].id;
      });
      const profile = await asService((tx) =>
        tx
          .selectFrom("profiles")
          .select(["created_at", "updated_at"])
          .where("id", "=", userId)
          .executeTakeFirstOrThrow(),
      );
      expect(new Date(profile.created_at).toISOString()).toMatch(/^2030-06-01T10:00/);
      expect(new Date(profile.updated_at!).toISOString()).toMatch(/^2030-06-01T10:00/);

      const exported = await withViewer({ role: "authenticated", userId, email }, (tx) => exportMemberData(tx));
      expect(String(exported.exported_at)).toMatch(/^2030-06-01T10:00/);
      expect(shopYear()).toBe(2030);
    } finally {
      await setShopClock(null);
    }
  });
});
