/** Profile domain: the signed-in user's own profile (SPEC.md sections 2, 3, 5). */
import { ProfileForm } from '../domain/account-schemas';
import { MESSAGES } from '../domain/messages';
import { profileChanges, profileView, ProfileRuleError } from '../domain/profile';
import { parseFormBody, textFields } from '../lib/form-data';
import { createDomainHandler, requireSession } from '../lib/handler';
import { HttpError, json } from '../lib/http';
import { ensureProfile, markWelcomed, updateProfile } from '../lib/profiles';
import { endFirstLogin } from '../lib/sessions';

export const handler = createDomainHandler('profile', {
  'GET /api/profile': async (ctx) => {
    const session = requireSession(ctx);
    const profile = await ensureProfile({ userId: session.userId, email: session.email, name: '' });
    // Loading the profile means the user is in (welcome page or dashboard): the first login is over.
    if (session.firstLogin) await Promise.all([endFirstLogin(ctx.sessionToken), markWelcomed(session.userId)]);
    return json(200, profileView(profile));
  },

  'PUT /api/profile': async (ctx) => {
    const session = requireSession(ctx);
    const parsed = ProfileForm.safeParse(textFields(await parseFormBody(ctx.event)));
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest);
    const profile = await ensureProfile({ userId: session.userId, email: session.email, name: '' });
    try {
      await updateProfile(session.userId, profileChanges(profile, parsed.data));
    } catch (error) {
      if (error instanceof ProfileRuleError) throw new HttpError(403, error.message);
      throw error;
    }
    return json(200, { message: MESSAGES.profileSaved });
  },
});
