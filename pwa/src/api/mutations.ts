// The one way to write a mutation hook (see README.md in this folder): it calls the API,
// invalidates the lists it changed, and shows a translated toast — the server's message when
// it sent one, else the action's default text (`failure.description`, already translated).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './client';
import { toast, type ToastInput } from '../components/toast';

/** The server's own message when the error came from the API with one, else `fallback` (also
 * when the server had no text for its code and sent the bare code). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code && error.message && error.message !== error.code) return error.message;
  return fallback;
}

export interface ApiMutationOptions<TVariables, TData> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Query keys (or prefixes) to refetch after success. */
  invalidates: QueryKey[] | ((data: TData, variables: TVariables) => QueryKey[]);
  /** Translated success toast, or none. */
  success?: (data: TData, variables: TVariables) => ToastInput | null;
  /** Translated title and default text of the failure toast. */
  failure: { title: string; description: string };
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  /** A failure the page says in its own way (no error toast): a slot someone just took, say. */
  quietWhen?: (error: unknown) => boolean;
  /**
   * TanStack's network mode: 'online' (the default) pauses the mutation while the browser is
   * offline; 'always' for one that needs no network (a score into the outbox).
   */
  networkMode?: 'online' | 'always' | 'offlineFirst';
}

export function useApiMutation<TVariables = void, TData = unknown>(options: ApiMutationOptions<TVariables, TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, unknown, TVariables>({
    mutationFn: options.mutationFn,
    networkMode: options.networkMode,
    onSuccess: async (data, variables) => {
      const keys = typeof options.invalidates === 'function' ? options.invalidates(data, variables) : options.invalidates;
      // A read already on its way may have left before the write landed: TanStack would keep
      // it (a first fetch, shown over the previous list, is not restarted by an invalidation),
      // so it is cancelled first, and the refetch reads what the write did.
      await Promise.all(
        keys.map(async (queryKey) => {
          await queryClient.cancelQueries({ queryKey });
          await queryClient.invalidateQueries({ queryKey });
        }),
      );
      const shown = options.success?.(data, variables);
      if (shown) toast({ variant: 'success', ...shown });
      options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      if (!options.quietWhen?.(error)) {
        toast({
          variant: 'error',
          title: options.failure.title,
          description: errorText(error, options.failure.description),
        });
      }
      options.onError?.(error, variables);
    },
  });
}
