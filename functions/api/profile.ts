/** Profile domain: the signed-in user's own profile (docs/product.md#screens-and-routes, #entities, #validation). */
import { MESSAGES } from '../domain/messages';
import { profileChanges, profileView, ProfileRuleError } from '../domain/profile';
import { createDomainHandler } from '../http/handler';
import { HttpError } from '../http/http';
import { ensureProfile, markWelcomed, updateProfile } from '../data/profiles';
import { endFirstLogin } from '../services/accounts/sessions';

export const handler = createDomainHandler('profile', {
  'GET /api/profile': async ({ session, sessionToken }) => {
    const profile = await ensureProfile({ userId: session.userId, email: session.email, name: '' });
    // Loading the profile means the user is in (welcome page or dashboard): the first login is over.
    if (session.firstLogin) await Promise.all([endFirstLogin(sessionToken), markWelcomed(session.userId)]);
    return { body: profileView(profile) };
  },

  'PUT /api/profile': async ({ session, form }) => {
    const profile = await ensureProfile({ userId: session.userId, email: session.email, name: '' });
    try {
      await updateProfile(session.userId, profileChanges(profile, form));
    } catch (error) {
      if (error instanceof ProfileRuleError) throw new HttpError(403, error.message);
      throw error;
    }
    return { body: { message: MESSAGES.profileSaved } };
  },
});
