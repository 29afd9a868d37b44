/**
 * The previous release's code, for the deploy rehearsal (test/e2e/deploy.test.ts): the commit named in
 * `release/previous`, extracted with `git archive` into a scratch folder, this checkout's node_modules linked in
 * (the dependencies a release builds with are pinned in package-lock.json; a release that changed them would need
 * its own install). A clone needs the history (not a shallow clone: `git fetch --unshallow`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface Release {
  commit: string;
  /** A project folder holding that commit's tree. */
  dir: string;
  remove(): void;
}

/** The commit in release/previous (a hash or a tag, one line). */
export function previousReleaseCommit(): string {
  const commit = readFileSync(join(ROOT, "release", "previous"), "utf8").trim();
  if (!/^[0-9A-Za-z._/-]+$/.test(commit)) throw new Error(`release/previous holds no commit: ${JSON.stringify(commit)}`);
  return commit;
}

export function extractRelease(commit: string): Release {
  const dir = mkdtempSync(join(tmpdir(), "nardi-release-"));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const known = spawnSync("git", ["-C", ROOT, "cat-file", "-e", `${commit}^{commit}`], { encoding: "utf8" });
    if (known.status !== 0) throw new Error(`commit ${commit} (release/previous) is not in this clone's history: fetch it (git fetch --unshallow)`);
    // `git archive | tar -x`, without a shell: the archive is read into memory (a few MB).
    const archive = spawnSync("git", ["-C", ROOT, "archive", "--format=tar", commit], { maxBuffer: 1024 ** 3 });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr.toString()}`);
    const untar = spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`extracting ${commit} failed: ${untar.stderr.toString()}`);
    symlinkSync(realpathSync(join(ROOT, "node_modules")), join(dir, "node_modules"), "dir");
  } catch (err) {
    remove();
    throw err;
  }
  return { commit, dir, remove };
}
