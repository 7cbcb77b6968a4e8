// SPDX-License-Identifier: MIT
import type { ConnectionStatus } from '../transport/ws-transport';

/**
 * The printed address is http://127.0.0.1:PORT/?token=TOKEN; a restart picks a new port and token
 * unless both were fixed, and the page cannot learn them, so the banner says where to look instead
 * of promising a reconnect that will never come.
 */
const GONE_TEXT =
  'Contexterm was restarted with a new address, or stopped: this page can no longer reach it. ' +
  'Open the address it printed when it started (http://127.0.0.1:PORT/?token=…, in the terminal where you ran it), ' +
  'then close this page. This page cannot know the new address.';

const LOST_TEXT = 'Connection to Contexterm lost — reconnecting…';

export interface Banner {
  readonly text: string;
  readonly className: string;
  readonly role: 'alert' | 'status';
}

const GONE: Banner = { text: GONE_TEXT, className: 'banner error', role: 'alert' };
const LOST: Banner = { text: LOST_TEXT, className: 'banner', role: 'status' };

/** The connection banner for a status (its words, class and role), for both of its views; nothing while open. */
export const bannerOf = (status: ConnectionStatus): Banner | undefined => {
  if (status === 'open') return undefined;
  return status === 'gone' || status === 'refused' ? GONE : LOST;
};
