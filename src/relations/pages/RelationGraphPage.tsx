import { PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type EdgeTypes,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, Button, Card, Empty, Flex, Select, Space, Tag, Typography, theme } from 'antd';
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../common/components/PageContainer';
import { PageSpin } from '../../common/components/PageSpin';
import { RelationEdge, type RelationFlowEdge } from '../components/RelationEdge';
import { TableNode, type TableFlowNode } from '../components/TableNode';
import { useAllMetadata } from '../../common/hooks/useAllMetadata';
import { useAllTables } from '../../common/hooks/useAllTables';
import type { Relation } from '../../../contract';
import { tablePaths } from '../../common/lib/metadata-paths';
import { metadataToolPaths, relationPaths } from '../../common/lib/metadata-tool-paths';
import {
  buildRelationGraph,
  layoutRelationGraph,
  tableIdOfNode,
  type GraphEdge,
} from '../lib/relation-graph';
import { useCaption } from '../../common/hooks/useCaption';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { useThemeMode } from '../../store/useThemeMode';

const NODE_TYPES: NodeTypes = { table: TableNode };
const EDGE_TYPES: EdgeTypes = { relation: RelationEdge };

interface GraphViewProps {
  nodes: TableFlowNode[];
  edges: RelationFlowEdge[];
  onOpen: (tableId: number) => void;
}

/** The canvas: pan, zoom, fit, minimap; click (or Enter on) a table to open it. */
const GraphView = ({ nodes, edges, onOpen }: GraphViewProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [mode] = useThemeMode();
  const flow = useReactFlow<TableFlowNode, RelationFlowEdge>();

  const openFocused = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') return;
    const id = (event.target as HTMLElement).closest('.react-flow__node')?.getAttribute('data-id');
    const tableId = id ? tableIdOfNode(id) : undefined;
    if (tableId !== undefined) onOpen(tableId);
  };

  return (
    <Flex vertical gap={token.marginSM} style={{ height: '100%' }}>
      <Flex align="center" gap={token.marginSM} wrap>
        <Select
          showSearch
          allowClear
          aria-label={t('relationGraph.find')}
          placeholder={t('relationGraph.find')}
          style={{ width: 260 }}
          optionFilterProp="label"
          options={nodes.map((node) => ({
            value: node.id,
            label:
              node.data.caption === node.data.name
                ? node.data.name
                : `${node.data.caption} (${node.data.name})`,
          }))}
          onChange={(id?: string) => {
            if (!id) return;
            flow.setNodes((current) => current.map((node) => ({ ...node, selected: node.id === id })));
            void flow.fitView({ nodes: [{ id }], duration: 400, maxZoom: 1.2 });
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void flow.fitView({ duration: 300 })}>
          {t('relationGraph.fit')}
        </Button>
        <Typography.Text type="secondary">{t('relationGraph.hint')}</Typography.Text>
      </Flex>
      <div
        style={{
          flex: 1,
          minHeight: 0,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
        onKeyDown={openFocused}
      >
        <ReactFlow<TableFlowNode, RelationFlowEdge>
          defaultNodes={nodes}
          defaultEdges={edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          colorMode={mode}
          fitView
          fitViewOptions={{ padding: 0.08 }}
          minZoom={0.05}
          maxZoom={2}
          nodesConnectable={false}
          edgesFocusable={false}
          onlyRenderVisibleElements={nodes.length > 80}
          onNodeClick={(_, node) => onOpen(node.data.tableId)}
          proOptions={{ hideAttribution: true }}
          aria-label={t('screens.relationGraph')}
        >
          <Background gap={20} size={1} />
          <Controls showInteractive={false} />
          <MiniMap
            pannable
            zoomable
            nodeStrokeWidth={3}
            nodeColor={(node) =>
              (node.data as { relationCount?: number }).relationCount ? token.colorPrimary : token.colorBorder
            }
            style={{ width: 180, height: 120 }}
          />
        </ReactFlow>
      </div>
    </Flex>
  );
};

/** `metadata/relations/graph`: every table as a node, every relation as a labelled edge, laid out by dagre. */
export const RelationGraphPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { dataSource } = useCurrentDataSource();
  const paths = relationPaths(dataSource);
  const tablesQuery = useAllTables();
  const caption = useCaption();
  const relationsQuery = useAllMetadata<Relation>('tablerelations');

  const graph = useMemo(() => {
    if (!tablesQuery.data || !relationsQuery.data) return undefined;
    const captioned = tablesQuery.data.map((table) => ({ ...table, caption: caption(table) }));
    const built = buildRelationGraph(captioned, relationsQuery.data);
    const lines = (edge: GraphEdge) =>
      edge.relations.map((r) => `${t(`enums.relationType.${r.relationType}`)} ${r.name}`);
    const nodes = layoutRelationGraph(built) as TableFlowNode[];
    const edges: RelationFlowEdge[] = built.edges.map((edge) => ({
      id: edge.id,
      type: 'relation',
      source: edge.source,
      target: edge.target,
      data: { lines: lines(edge) },
      markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
    }));
    return { nodes, edges, relationCount: relationsQuery.data.length - built.skipped };
  }, [tablesQuery.data, relationsQuery.data, t, caption]);

  const error = tablesQuery.error ?? relationsQuery.error;
  const breadcrumb = [{ title: t('menu.metadata') }, { title: t('screens.relations'), path: paths.list }];
  const extra = (
    <Space wrap>
      {graph && (
        <>
          <Tag>{t('relationGraph.tableCount', { count: graph.nodes.length })}</Tag>
          <Tag color="blue">{t('relationGraph.relationCount', { count: graph.relationCount })}</Tag>
        </>
      )}
      <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(paths.list)}>
        {t('relationGraph.list')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.create)}>
        {t('relationGraph.addRelation')}
      </Button>
    </Space>
  );

  let body;
  if (error) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('metadataList.loadFailed')}
        description={(error as { message?: string }).message}
        action={
          <Button
            size="small"
            onClick={() => {
              void tablesQuery.refetch();
              void relationsQuery.refetch();
            }}
          >
            {t('metadataList.retry')}
          </Button>
        }
      />
    );
  } else if (!graph) {
    body = <PageSpin />;
  } else if (graph.nodes.length === 0) {
    body = (
      <Empty description={t('relationGraph.empty')} style={{ padding: token.paddingLG }}>
        <Space>
          <Button type="primary" onClick={() => void navigate(tablePaths(dataSource).create)}>
            {t('screens.tableNew')}
          </Button>
          <Button onClick={() => void navigate(metadataToolPaths(dataSource).reverse)}>
            {t('screens.tableReverse')}
          </Button>
        </Space>
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={token.marginSM} style={{ height: 'calc(100vh - 230px)', minHeight: 480 }}>
        {graph.edges.length === 0 && <Alert type="info" showIcon message={t('relationGraph.noRelations')} />}
        <div style={{ flex: 1, minHeight: 0 }}>
          <ReactFlowProvider>
            <GraphView
              key={`${dataSource}:${graph.nodes.length}:${graph.edges.length}`}
              nodes={graph.nodes}
              edges={graph.edges}
              onOpen={(id) => void navigate(tablePaths(dataSource).edit(id))}
            />
          </ReactFlowProvider>
        </div>
      </Flex>
    );
  }

  return (
    <PageContainer title={t('screens.relationGraph')} breadcrumb={breadcrumb} extra={extra}>
      <Card styles={{ body: { padding: token.padding } }}>{body}</Card>
    </PageContainer>
  );
};
