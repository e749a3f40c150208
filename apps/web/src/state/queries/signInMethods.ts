import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const signInMethodsKey = ['sign-in-methods'] as const;

/** The person's ways in: whether they have a password accepted here, and the providers they linked (issue 41). */
export const useSignInMethods = () =>
  useQuery({ queryKey: signInMethodsKey, queryFn: () => api('auth/list-sign-in-methods') });
