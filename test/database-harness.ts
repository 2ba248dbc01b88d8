// Placeholder until the persistence work lands: creates and drops the test database.
export async function createTestDatabase(): Promise<void> {}
export async function dropTestDatabase(): Promise<void> {}
