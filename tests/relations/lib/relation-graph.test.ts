import { describe, expect, it } from 'vitest';
import type { Relation, RelationType, Table } from '../../../contract';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  buildRelationGraph,
  layoutRelationGraph,
  nodesOverlap,
  tableIdOfNode,
  tableNodeId,
  type GraphNode,
} from '../../../src/relations/lib/relation-graph';

const table = (id: number, name: string, columns = 3): Table => ({
  id,
  name,
  caption: name.toUpperCase(),
  columns: Array.from({ length: columns }, (_, i) => ({ id: id * 100 + i, name: `c${i}`, dataType: 'INT' })),
});

let nextId = 1;
const relation = (
  from: number,
  to: number,
  relationType: RelationType,
  name = `r${from}_${to}`,
): Relation => ({
  id: nextId++,
  name,
  relationType,
  fromTable: { id: from },
  toTable: { id: to },
  fromColumn: { id: from * 100 },
  toColumn: { id: to * 100 },
});

const noOverlap = (nodes: GraphNode[]) => {
  for (let i = 0; i < nodes.length; i += 1)
    for (let j = i + 1; j < nodes.length; j += 1)
      expect(
        nodesOverlap(nodes[i] as GraphNode, nodes[j] as GraphNode),
        `${nodes[i]?.id} / ${nodes[j]?.id}`,
      ).toBe(false);
};

describe('buildRelationGraph', () => {
  const tables = [table(1, 'artist'), table(2, 'album', 4), table(3, 'track'), table(4, 'genre', 2)];

  it('makes a node per table with its caption, name, columns and relation count', () => {
    const graph = buildRelationGraph(tables, [relation(2, 1, 'ManyToOne')]);
    expect(graph.nodes.map((n) => n.id)).toEqual(['table-1', 'table-2', 'table-3', 'table-4']);
    expect(graph.nodes[1]?.data).toEqual({
      tableId: 2,
      name: 'album',
      caption: 'ALBUM',
      columnCount: 4,
      relationCount: 1,
      systemable: false,
    });
    expect(graph.nodes[2]?.data.relationCount).toBe(0);
  });

  it.each<[string, Relation, string, string]>([
    ['ManyToOne: from the target key to the foreign key', relation(2, 1, 'ManyToOne'), 'table-1', 'table-2'],
    ['OneToOneSubToMain: the same way', relation(2, 1, 'OneToOneSubToMain'), 'table-1', 'table-2'],
    ['OneToMany: from the main table', relation(1, 2, 'OneToMany'), 'table-1', 'table-2'],
    ['OneToOneMainToSub: from the main table', relation(1, 2, 'OneToOneMainToSub'), 'table-1', 'table-2'],
  ])('directs %s', (_, rel, source, target) => {
    const [edge] = buildRelationGraph(tables, [rel]).edges;
    expect(edge).toMatchObject({ source, target });
  });

  it('joins a relation and its counterpart into one labelled edge', () => {
    const graph = buildRelationGraph(tables, [
      relation(2, 1, 'ManyToOne', 'artist'),
      relation(1, 2, 'OneToMany', 'albums'),
      relation(3, 2, 'ManyToOne', 'album'),
    ]);
    expect(graph.edges).toHaveLength(2);
    expect(graph.edges[0]?.relations.map((r) => [r.relationType, r.name])).toEqual([
      ['ManyToOne', 'artist'],
      ['OneToMany', 'albums'],
    ]);
    expect(graph.nodes.find((n) => n.id === 'table-2')?.data.relationCount).toBe(3);
  });

  it('leaves out relations to tables it does not know', () => {
    const graph = buildRelationGraph(tables, [relation(2, 99, 'ManyToOne'), relation(2, 1, 'ManyToOne')]);
    expect(graph.edges).toHaveLength(1);
    expect(graph.skipped).toBe(1);
  });

  it('round-trips node ids', () => {
    expect(tableIdOfNode(tableNodeId(42))).toBe(42);
    expect(tableIdOfNode('edge-1~2')).toBeUndefined();
  });
});

describe('layoutRelationGraph', () => {
  it('lays related tables out left to right, main tables first', () => {
    const tables = [table(1, 'artist'), table(2, 'album'), table(3, 'track')];
    const nodes = layoutRelationGraph(
      buildRelationGraph(tables, [relation(2, 1, 'ManyToOne'), relation(3, 2, 'ManyToOne')]),
    );
    const x = (id: string) => nodes.find((n) => n.id === id)?.position.x ?? NaN;
    expect(x('table-1')).toBeLessThan(x('table-2'));
    expect(x('table-2')).toBeLessThan(x('table-3'));
    expect(x('table-2') - x('table-1')).toBeGreaterThanOrEqual(NODE_WIDTH);
    noOverlap(nodes);
  });

  it('keeps 60 tables apart in a picture about as wide as a screen', () => {
    nextId = 1;
    const tables = Array.from({ length: 60 }, (_, i) => table(i + 1, `t${i + 1}`));
    // a tree over the first 30 tables, a chain of 10 with a cycle and a self relation; 20 stand alone
    const relations = [
      ...Array.from({ length: 29 }, (_, i) => relation(i + 2, Math.floor((i + 2) / 2), 'ManyToOne')),
      ...Array.from({ length: 9 }, (_, i) => relation(i + 32, i + 31, 'ManyToOne')),
      relation(31, 40, 'ManyToOne'),
      relation(35, 35, 'ManyToOne'),
    ];
    const nodes = layoutRelationGraph(buildRelationGraph(tables, relations));
    expect(nodes).toHaveLength(60);
    noOverlap(nodes);
    const width = Math.max(...nodes.map((n) => n.position.x + NODE_WIDTH));
    const height = Math.max(...nodes.map((n) => n.position.y + NODE_HEIGHT));
    expect(width / height).toBeGreaterThan(0.8);
    expect(width / height).toBeLessThan(3.5);
    // the unrelated tables share a few rows instead of one tall column
    const loose = nodes.filter((n) => n.data.relationCount === 0);
    expect(loose).toHaveLength(20);
    expect(new Set(loose.map((n) => n.position.y)).size).toBeLessThanOrEqual(5);
  });

  it('puts tables without any relation in a grid', () => {
    const nodes = layoutRelationGraph(
      buildRelationGraph(
        Array.from({ length: 9 }, (_, i) => table(i + 1, `t${i}`)),
        [],
      ),
    );
    noOverlap(nodes);
    expect(new Set(nodes.map((n) => n.position.y)).size).toBeLessThan(9);
    expect(layoutRelationGraph(buildRelationGraph([], []))).toEqual([]);
  });
});
