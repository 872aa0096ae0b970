/** The password-reset link's token: `<tokenId>.<code>`, the id of our one-time record and Cognito's code. */

const TOKEN = /^([A-Za-z0-9_-]{16,64})\.(\d{4,8})$/;

export interface ResetTokenParts {
  tokenId: string;
  code: string;
}

export function parseResetToken(token: string): ResetTokenParts | null {
  const match = TOKEN.exec(token.trim());
  return match ? { tokenId: match[1]!, code: match[2]! } : null;
}

/** The link for the e-mail; `codePlaceholder` is Cognito's `{####}`, replaced by the code when sent. */
export function resetLink(origin: string, tokenId: string, codePlaceholder: string): string {
  return `${origin}/reset-password/${tokenId}.${codePlaceholder}`;
}
