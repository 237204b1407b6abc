import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { GlobalSettings } from '../../../domain/wire/settings.js';
import { api, ApiError } from '../../app/api.js';
import { SETTINGS_CALL } from '../../../domain/wire/screenCalls.js';
import { SETTINGS_QUERY_KEY } from '../../app/useSettings.js';

/** POST /api/settings; on success the settings query is refreshed so the menu follows at once. */
export function useSaveGlobalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: GlobalSettings) => api.post<GlobalSettings>(SETTINGS_CALL, s),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      notifications.show({ color: 'green', title: 'Saved', message: 'Global settings saved.' });
    },
    onError: (err) => {
      const text = err instanceof ApiError ? err.serverMessage : 'the server cannot be reached';
      notifications.show({ color: 'red', title: 'Not saved', message: `Unable to save global settings: ${text}` });
    },
  });
}
