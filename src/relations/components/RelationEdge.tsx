import {
  BaseEdge,
  EdgeLabelRenderer,
  getBezierPath,
  useStore,
  type Edge,
  type EdgeProps,
} from '@xyflow/react';
import { EDGE_LABEL_FONT_SIZE, edgeLabelScale } from '../lib/edge-label-scale';
import { theme } from 'antd';

export interface RelationEdgeData extends Record<string, unknown> {
  /** One line per relation between the two tables: type label and name. */
  lines: string[];
}

export type RelationFlowEdge = Edge<RelationEdgeData, 'relation'>;

/** How far a relation of a table to itself loops above the node. */
const LOOP_HEIGHT = 64;

/**
 * A relation edge: a curve from the table holding the key to the table holding the foreign key,
 * with its relations listed in a label that stays readable when the graph is zoomed out; a table
 * related to itself gets a loop above it.
 */
export const RelationEdge = ({
  id,
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  markerEnd,
  style,
  data,
}: EdgeProps<RelationFlowEdge>) => {
  const { token } = theme.useToken();
  // zoomed out to fit many tables, a label grows so that it can still be read
  const scale = useStore((state) => edgeLabelScale(state.transform[2]));
  let path: string;
  let labelX: number;
  let labelY: number;
  if (source === target) {
    const top = Math.min(sourceY, targetY) - LOOP_HEIGHT;
    path = `M ${sourceX} ${sourceY} C ${sourceX + 40} ${top}, ${targetX - 40} ${top}, ${targetX} ${targetY}`;
    labelX = (sourceX + targetX) / 2;
    labelY = top + 4;
  } else {
    [path, labelX, labelY] = getBezierPath({
      sourceX,
      sourceY,
      targetX,
      targetY,
      sourcePosition,
      targetPosition,
    });
  }
  const lines = data?.lines ?? [];
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} />
      {lines.length > 0 && (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan"
            style={{
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px) scale(${scale})`,
              padding: '1px 5px',
              borderRadius: 4,
              fontSize: EDGE_LABEL_FONT_SIZE,
              lineHeight: 1.4,
              whiteSpace: 'nowrap',
              textAlign: 'center',
              color: token.colorTextSecondary,
              background: token.colorBgContainer,
              border: `1px solid ${token.colorBorderSecondary}`,
              pointerEvents: 'none',
            }}
          >
            {lines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
};
