/**
 * Waits until a server process started by a test answers its health check. A cold start (tsx,
 * the database, migrations) takes ~10 s alone and over 30 s beside the other suites on two
 * cores: the deadline is a limit to give up at, not a speed check.
 */
export async function waitForHealth(port: number, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on :${port} did not become healthy`);
}
