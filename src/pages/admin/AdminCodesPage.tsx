import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { InviteCodesPanel } from '../../features/operatorConsole/InviteCodesPanel';

/** `/admin/codes`: the operator console's invite codes, for a signed-in operator (see AdminPage). */
export default function AdminCodesPage() {
  return (
    <ConsoleFrame title="Invite codes">
      <InviteCodesPanel />
    </ConsoleFrame>
  );
}
