import { formatUsd } from '@crewdesk/domain';
import { useMyPipeline } from '../api/home-api';
import { Tile, TileGroup } from './tile-group';

/**
 * A sales person's pipeline: their open stages with count and value, each opening the board.
 * TODO(issue 23, integration): GET /api/home/my-pipeline (being added on the server) brings the
 * follow-ups due and per-stage links; switch useMyPipeline to it and link each tile with its
 * `link` rather than the board.
 */
export function MyPipelineGroup() {
  const pipeline = useMyPipeline(true);
  return (
    <TileGroup title="My pipeline" query={pipeline} action={{ to: '/sales', label: 'Sales board' }}>
      {(board) => {
        const open = board.columns.filter((c) => c.stage !== 'won' && c.stage !== 'lost');
        const won = board.columns.find((c) => c.stage === 'won');
        const openCount = open.reduce((sum, c) => sum + c.count, 0);
        if (openCount === 0 && !won?.count)
          return <p className="text-sm text-muted-foreground">No opportunities of yours yet.</p>;
        return (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="My pipeline">
            {[...open, ...(won ? [won] : [])].map((column) => (
              <li key={column.stage}>
                <Tile
                  to="/sales"
                  label={column.label}
                  value={column.count}
                  detail={formatUsd(column.totalCents)}
                  tone={column.stage === 'won' && column.count > 0 ? 'good' : 'default'}
                />
              </li>
            ))}
          </ul>
        );
      }}
    </TileGroup>
  );
}
