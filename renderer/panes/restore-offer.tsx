// SPDX-License-Identifier: MIT
import { answerRestore } from '../terminal/terminals';
import { useRestoreOffer } from '../terminal/workspace/workspace-restore';

/** With restore = ask: the last session's panes wait for a yes (Settings → Terminal changes this). */
export const RestoreOffer = () => {
  const waiting = useRestoreOffer((state) => state.waiting);
  if (waiting === 0) return null;
  return (
    <div className="banner restore-offer" role="status" data-testid="restore-offer">
      <span>
        Reopen the {waiting === 1 ? 'terminal' : `${waiting} terminals`} from your last session, in their directories and with their earlier
        output?
      </span>
      <button className="primary" data-testid="restore-accept" onClick={() => void answerRestore(true)}>
        Reopen
      </button>
      <button data-testid="restore-dismiss" onClick={() => void answerRestore(false)}>
        Not now
      </button>
    </div>
  );
};
