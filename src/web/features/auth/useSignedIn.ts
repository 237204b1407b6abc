import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * After sign-in: forget anything cached for the previous (signed-out) visitor, then go where the
 * person first asked to go.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (returnTo: string) => {
    queryClient.removeQueries();
    void navigate(returnTo, { replace: true });
  };
}
