import { ConsoleFrame } from '../../features/operatorConsole/ConsoleFrame';
import { CommunitiesPanel } from '../../features/operatorConsole/CommunitiesPanel';

/** `/admin/communities`: the operator console's community partners, for a signed-in operator (see AdminPage). */
export default function AdminCommunitiesPage() {
  return (
    <ConsoleFrame title="Communities">
      <CommunitiesPanel />
    </ConsoleFrame>
  );
}
