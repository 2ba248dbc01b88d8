/** How long the previous secret still signs after a rotation (CONTRACT §8, `rotateWebhookSigningSecret`). */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export interface TenantSigningSecrets {
  current: string;
  previous: string | null;
  rotatedAt: Date | null;
}

/**
 * The secrets that sign a delivery sent at `at`: the current one, and the previous one while the rotation is less
 * than 24 hours old, so a receiver that has not switched yet still verifies every event.
 */
export function signingSecretsAt(secrets: TenantSigningSecrets, at: Date): string[] {
  const { current, previous, rotatedAt } = secrets;
  const previousValid =
    previous !== null && rotatedAt !== null && at.getTime() < rotatedAt.getTime() + PREVIOUS_SECRET_VALID_MS;
  return previousValid && previous !== current ? [current, previous] : [current];
}
