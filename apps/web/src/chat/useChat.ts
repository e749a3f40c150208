import type { CallName } from '@cordata/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../api/client.ts';
import { ChatAgent } from './agent.ts';
import { realtimeLink } from './realtime.ts';

/** One chat's live state for a component: the agent lives as long as the component. */
export function useChat(chatId: string) {
  const [agent] = useState(
    () =>
      new ChatAgent({
        chatId,
        api: (call, body) => (api as unknown as (c: CallName, b: unknown) => Promise<never>)(call, body),
        link: realtimeLink(),
        isVisible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
      }),
  );
  useEffect(() => {
    void agent.start();
    return () => agent.dispose();
  }, [agent]);
  const state = useSyncExternalStore(agent.subscribe, agent.getSnapshot);
  return { agent, state };
}
