import { useSession } from './get-session';

/** true / false once the session is known; undefined while it loads or could not be checked. */
export function useSignedIn(): boolean | undefined {
  const { data } = useSession();
  return data === undefined ? undefined : data !== null;
}
