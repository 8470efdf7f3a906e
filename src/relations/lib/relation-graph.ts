import { Graph, layout } from '@dagrejs/dagre';
import type { Relation, RelationType, Table } from '../../../contract';
import { relationSides } from './relation-rules';

/** Size of a table node on the graph (compact, so that 50+ tables stay readable). */
export const NODE_WIDTH = 196;
export const NODE_HEIGHT = 60;

export interface TableNodeData extends Record<string, unknown> {
  tableId: number;
  name: string;
  caption: string;
  columnCount: number;
  /** Relations touching the table (both directions). */
  relationCount: number;
  systemable: boolean;
}

export interface GraphNode {
  id: string;
  type: 'table';
  position: { x: number; y: number };
  data: TableNodeData;
}

export interface GraphEdgeRelation {
  id?: number;
  name: string;
  relationType: RelationType;
}

export interface GraphEdge {
  id: string;
  /** The table holding the referenced key (main / target) … */
  source: string;
  /** … and the table holding the foreign key (sub / source of a ManyToOne). */
  target: string;
  /** Every relation between these two tables (a ManyToOne and its OneToMany counterpart share one edge). */
  relations: GraphEdgeRelation[];
}

export interface RelationGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Relations whose tables are not in the table list (left out of the graph). */
  skipped: number;
}

export const tableNodeId = (tableId: number): string => `table-${tableId}`;

/** The table id of a node id made by `tableNodeId`. */
export const tableIdOfNode = (nodeId: string): number | undefined => {
  const match = /^table-(\d+)$/.exec(nodeId);
  return match ? Number(match[1]) : undefined;
};

/**
 * Tables become nodes and relations edges. An edge always runs from the table holding the key to
 * the table holding the foreign key, so the layout reads from main tables to their details;
 * relations between the same two tables (in either direction) share one edge.
 */
export const buildRelationGraph = (
  tables: readonly Table[],
  relations: readonly Relation[],
): RelationGraph => {
  const known = new Set(tables.map((t) => t.id));
  const touching = new Map<number, number>();
  const edges = new Map<string, GraphEdge>();
  let skipped = 0;
  for (const relation of relations) {
    const from = relation.fromTable?.id;
    const to = relation.toTable?.id;
    if (from === undefined || to === undefined || !known.has(from) || !known.has(to)) {
      skipped += 1;
      continue;
    }
    touching.set(from, (touching.get(from) ?? 0) + 1);
    if (to !== from) touching.set(to, (touching.get(to) ?? 0) + 1);
    const keyHolderIsFrom = relationSides(relation.relationType).from === 'key';
    const [source, target] = keyHolderIsFrom ? [from, to] : [to, from];
    const pair = [Math.min(from, to), Math.max(from, to)].join('~');
    const entry: GraphEdgeRelation = {
      name: relation.name,
      relationType: relation.relationType,
      ...(relation.id !== undefined ? { id: relation.id } : {}),
    };
    const existing = edges.get(pair);
    if (existing) existing.relations.push(entry);
    else
      edges.set(pair, {
        id: `edge-${pair}`,
        source: tableNodeId(source),
        target: tableNodeId(target),
        relations: [entry],
      });
  }
  const nodes: GraphNode[] = tables
    .filter((t): t is Table & { id: number } => t.id !== undefined)
    .map((table) => ({
      id: tableNodeId(table.id),
      type: 'table',
      position: { x: 0, y: 0 },
      data: {
        tableId: table.id,
        name: table.name,
        caption: table.caption || table.name,
        columnCount: table.columns?.length ?? 0,
        relationCount: touching.get(table.id) ?? 0,
        systemable: Boolean(table.systemable),
      },
    }));
  return { nodes, edges: [...edges.values()], skipped };
};

export interface LayoutSpacing {
  /** Gap between nodes of one rank (vertical, left-to-right layout). */
  nodeGap: number;
  /** Gap between ranks (horizontal): room for the edge labels. */
  rankGap: number;
  /** Gap between separate groups of related tables. */
  groupGap: number;
  /** Width / height the whole picture aims at (a landscape screen). */
  aspect: number;
}

export const DEFAULT_SPACING: LayoutSpacing = { nodeGap: 32, rankGap: 170, groupGap: 80, aspect: 1.6 };

interface Block {
  width: number;
  height: number;
  /** Positions inside the block, from its top-left corner. */
  positions: Map<string, { x: number; y: number }>;
}

/** The groups of nodes connected by edges (in node order), and the nodes without any edge. */
const components = (graph: RelationGraph): { groups: GraphNode[][]; loose: GraphNode[] } => {
  const parent = new Map(graph.nodes.map((n) => [n.id, n.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(id, root);
    return root;
  };
  const linked = new Set<string>();
  for (const edge of graph.edges) {
    if (!parent.has(edge.source) || !parent.has(edge.target)) continue;
    linked.add(edge.source);
    linked.add(edge.target);
    parent.set(find(edge.source), find(edge.target));
  }
  const groups = new Map<string, GraphNode[]>();
  const loose: GraphNode[] = [];
  for (const node of graph.nodes) {
    if (!linked.has(node.id)) loose.push(node);
    else groups.set(find(node.id), [...(groups.get(find(node.id)) ?? []), node]);
  }
  return { groups: [...groups.values()], loose };
};

/** One group of related tables laid out by dagre, left to right. */
const dagreBlock = (nodes: GraphNode[], edges: GraphEdge[], { nodeGap, rankGap }: LayoutSpacing): Block => {
  const ids = new Set(nodes.map((n) => n.id));
  const g = new Graph();
  g.setGraph({ rankdir: 'LR', nodesep: nodeGap, ranksep: rankGap, edgesep: 16, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges) {
    if (edge.source !== edge.target && ids.has(edge.source)) g.setEdge(edge.source, edge.target);
  }
  layout(g);
  const positions = new Map<string, { x: number; y: number }>();
  let left = Infinity;
  let top = Infinity;
  for (const node of nodes) {
    const { x, y } = g.node(node.id) as { x: number; y: number };
    left = Math.min(left, x - NODE_WIDTH / 2);
    top = Math.min(top, y - NODE_HEIGHT / 2);
    positions.set(node.id, { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 });
  }
  let width = 0;
  let height = 0;
  for (const [id, p] of positions) {
    const moved = { x: p.x - left, y: p.y - top };
    positions.set(id, moved);
    width = Math.max(width, moved.x + NODE_WIDTH);
    height = Math.max(height, moved.y + NODE_HEIGHT);
  }
  return { width, height, positions };
};

/** Tables without relations in a compact grid. */
const gridBlock = (nodes: GraphNode[], perRow: number, { nodeGap }: LayoutSpacing): Block => {
  const positions = new Map<string, { x: number; y: number }>();
  const columns = Math.max(1, Math.min(perRow, nodes.length));
  nodes.forEach((node, i) => {
    positions.set(node.id, {
      x: (i % columns) * (NODE_WIDTH + nodeGap),
      y: Math.floor(i / columns) * (NODE_HEIGHT + nodeGap),
    });
  });
  const rows = Math.ceil(nodes.length / columns);
  return {
    width: columns * NODE_WIDTH + (columns - 1) * nodeGap,
    height: rows * NODE_HEIGHT + (rows - 1) * nodeGap,
    positions,
  };
};

interface Packing {
  placed: Map<string, { x: number; y: number }>;
  width: number;
  height: number;
}

/** Blocks in rows no wider than `targetWidth` (a block wider than that gets a row of its own). */
const pack = (blocks: Block[], targetWidth: number, gap: number): Packing => {
  const placed = new Map<string, { x: number; y: number }>();
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const block of blocks) {
    if (x > 0 && x + block.width > targetWidth) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    for (const [id, p] of block.positions) placed.set(id, { x: x + p.x, y: y + p.y });
    width = Math.max(width, x + block.width);
    x += block.width + gap;
    rowHeight = Math.max(rowHeight, block.height);
  }
  return { placed, width, height: y + rowHeight };
};

/**
 * Positions (top-left corners) for every node. Each group of related tables is laid out by dagre
 * from left to right (main tables first); the groups, tallest first, and a grid of the tables
 * without relations are then packed in rows. Of the row widths tried, the one whose picture fits a
 * landscape screen at the largest zoom wins, so 50+ tables do not end up as one tall column.
 */
export const layoutRelationGraph = (
  graph: RelationGraph,
  spacing: LayoutSpacing = DEFAULT_SPACING,
): GraphNode[] => {
  const { groups, loose } = components(graph);
  const blocks = groups
    .map((nodes) => dagreBlock(nodes, graph.edges, spacing))
    .sort((a, b) => b.height - a.height || b.width - a.width);
  const cellWidth = NODE_WIDTH + spacing.nodeGap;
  const widest = Math.max(NODE_WIDTH, ...blocks.map((b) => b.width));
  const candidates = new Set<number>([widest]);
  let running = -spacing.groupGap;
  for (const block of blocks) {
    running += block.width + spacing.groupGap;
    candidates.add(Math.max(widest, running));
  }
  for (let columns = 2; columns <= Math.ceil(Math.sqrt(loose.length * 3)); columns += 1)
    candidates.add(Math.max(widest, columns * cellWidth - spacing.nodeGap));

  let best: Packing | undefined;
  let bestScore = -Infinity;
  for (const targetWidth of [...candidates].sort((a, b) => a - b)) {
    const all = [...blocks];
    if (loose.length > 0) {
      const perRow = Math.max(1, Math.floor((targetWidth + spacing.nodeGap) / cellWidth));
      all.push(gridBlock(loose, perRow, spacing));
    }
    const packing = pack(all, targetWidth, spacing.groupGap);
    // the zoom at which the picture fits a screen of the wanted aspect (larger is more readable)
    const score = Math.min(spacing.aspect / Math.max(packing.width, 1), 1 / Math.max(packing.height, 1));
    if (score > bestScore + 1e-12) {
      best = packing;
      bestScore = score;
    }
  }
  return graph.nodes.map((node) => ({ ...node, position: best?.placed.get(node.id) ?? node.position }));
};

/** Whether two laid-out nodes overlap (for checks of the layout). */
export const nodesOverlap = (a: GraphNode, b: GraphNode): boolean =>
  a.position.x < b.position.x + NODE_WIDTH &&
  b.position.x < a.position.x + NODE_WIDTH &&
  a.position.y < b.position.y + NODE_HEIGHT &&
  b.position.y < a.position.y + NODE_HEIGHT;
