/**
 * Domino Coins in the browser: the header shows the balance; a host creates a stake table, a second player joins it
 * by the invite link (both with claimed names: stakes need one); the play screen shows the escrow, then the payout; the header's balance follows, and the
 * history page (#/coins) lists the hold and the winnings.
 */
import { describe, expect, inject, it } from "vitest";
import { claimName, playerPage, POLL, screenshot, settled, useChromium } from "./browser";

const baseUrl = inject("baseUrl");
const browser = useChromium();

describe("coins", () => {
  it("a stake match: escrow while playing, payout at the end, balance and history move by the stake", async () => {
    const errors: string[] = [];
    const host = await playerPage(browser(), errors);
    const guest = await playerPage(browser(), errors);

    const stamp = Date.now() % 100000;
    await host.goto(`${baseUrl}/`);
    await claimName(host, baseUrl, `Tamar${stamp}`);
    await guest.goto(`${baseUrl}/`);
    await claimName(guest, baseUrl, `Levon${stamp}`);
    const balance = (page: typeof host) => page.getByTestId("coin-balance").getAttribute("data-balance");
    await expect.poll(() => balance(host), POLL).toBe("1000");
    await host.getByTestId("choice-friend").click(); // the lobby opens on "Play now"
    await host.getByTestId("preset").selectOption("georgian-short");
    await host.getByTestId("stake").fill("100");
    await host.getByTestId("create").click();
    await host.waitForSelector('[data-testid="table"][data-role="white"]');
    await expect.poll(() => host.getByTestId("stake-line").getAttribute("data-outcome"), POLL).toBe("held");

    await guest.goto(await host.getByTestId("invite-link").inputValue());
    await expect.poll(() => guest.getByTestId("stake-line").textContent(), POLL).toContain("100");
    await guest.getByTestId("join").click();
    await guest.waitForSelector('[data-testid="table"][data-role="black"]');
    await settled(guest);
    await expect.poll(() => guest.getByTestId("stake-line").getAttribute("data-pot"), POLL).toBe("200");
    await expect.poll(() => balance(guest), POLL).toBe("900");
    // The host, waiting at the table, sees the hold as the match starts, without reloading or navigating.
    await expect.poll(() => balance(host), POLL).toBe("900");

    await guest.getByTestId("resign").click();
    await guest.getByTestId("dialog-ok").click();
    await expect.poll(() => host.getByTestId("stake-line").getAttribute("data-outcome"), POLL).toBe("won");
    await expect.poll(() => guest.getByTestId("stake-line").getAttribute("data-outcome"), POLL).toBe("lost");
    // The settlement arrives through the match object's outbox shortly after the end; the badge follows by itself.
    await expect.poll(() => balance(host), { timeout: 60_000 }).toBe("1100");
    await expect.poll(() => host.getByTestId("stake-line").getAttribute("data-outcome"), POLL).toBe("won");
    await screenshot(host, "coins-payout");

    await host.getByTestId("coin-balance").click();
    await expect.poll(() => host.getByTestId("coins-balance").getAttribute("data-balance"), POLL).toBe("1100");
    await expect.poll(() => host.getByTestId("transfer").count(), POLL).toBe(3);
    const purposes = await host.getByTestId("transfer").evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-purpose")} ${r.getAttribute("data-amount")}`));
    expect(purposes).toEqual(["payout 200", "hold -100", "grant 1000"]);
    await screenshot(host, "coins-history");
    expect(errors).toEqual([]);
  });
});
