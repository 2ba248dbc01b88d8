// Placeholder until the Temporal harness lands: starts and stops the servers shared by a jest run.
export async function startTemporalServers(): Promise<void> {}
export async function stopTemporalServers(): Promise<void> {}
