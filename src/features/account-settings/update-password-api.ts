/** Changes the signed-in user's password (contracts/password-endpoints.ts): the new password's days until expiry (0 expired, -1 never). */
import * as password from '@contracts/password-endpoints';
import type { UpdatePasswordRequest } from '@contracts/password-requests';
import { callEndpoint, type CallOptions } from '@/lib/api/http';

export const updatePassword = (json: UpdatePasswordRequest, { signal }: CallOptions = {}): Promise<number> =>
  callEndpoint(password.updatePassword, { json, signal }).then((answer) => (answer.isPasswordExpired ? 0 : answer.daysUntilExpiry));
