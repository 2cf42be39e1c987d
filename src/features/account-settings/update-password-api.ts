/** POST /api/User/UpdatePassword: the new password's days until expiry (0 expired, -1 never). */
import type { UpdatePasswordRequest } from '@contracts/password-requests';
import { http, observed, type CallOptions } from '@/lib/api/http';

export const updatePassword = (request: UpdatePasswordRequest, { signal }: CallOptions = {}): Promise<number> =>
  observed(async () => {
    const answer: unknown = await http.post('User/UpdatePassword', { json: request, signal }).json();
    // A plain check rather than a schema: the page stays light, and a strange answer is a server error.
    if (typeof answer !== 'object' || answer === null || !('isPasswordExpired' in answer) || !('daysUntilExpiry' in answer)) throw new TypeError('Unexpected answer');
    if (answer.isPasswordExpired === true) return 0;
    return typeof answer.daysUntilExpiry === 'number' ? answer.daysUntilExpiry : -1;
  });
