import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { NODE_HEIGHT, NODE_WIDTH, type TableNodeData } from '../lib/relation-graph';

export type TableFlowNode = Node<TableNodeData, 'table'>;

const handleStyle = { width: 6, height: 6, minWidth: 0, minHeight: 0, border: 'none', opacity: 0.6 };

/** A table on the relation graph: caption, name and column count, with its edges left and right. */
export const TableNode = ({ data, selected }: NodeProps<TableFlowNode>) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const linked = data.relationCount > 0;
  return (
    <div
      title={t('relationGraph.openTable', { name: data.name })}
      style={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        boxSizing: 'border-box',
        padding: '8px 10px',
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        border: `1px solid ${selected ? token.colorPrimary : linked ? token.colorPrimaryBorder : token.colorBorder}`,
        borderInlineStart: `4px solid ${linked ? token.colorPrimary : token.colorBorder}`,
        boxShadow: selected ? token.boxShadowSecondary : token.boxShadowTertiary,
        cursor: 'pointer',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <Handle
        type="target"
        position={Position.Left}
        style={{ ...handleStyle, background: token.colorPrimary }}
      />
      <Typography.Text strong ellipsis style={{ fontSize: 13, lineHeight: '18px' }}>
        {data.caption}
      </Typography.Text>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', gap: 6, fontSize: 11, lineHeight: '16px' }}
      >
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 11, fontFamily: token.fontFamilyCode }}>
          {data.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
          {t('relationGraph.columns', { count: data.columnCount })}
        </Typography.Text>
      </div>
      <Handle
        type="source"
        position={Position.Right}
        style={{ ...handleStyle, background: token.colorPrimary }}
      />
    </div>
  );
};
