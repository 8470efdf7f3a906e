import { SaveOutlined } from '@ant-design/icons';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Button, Card, Col, Empty, Flex, Form, Row, Space, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';
import { RecordFields } from '../../business/components/RecordFields';
import { listColumns } from '../../business/lib/business-cells';
import { formFields } from '../../business/lib/form-fields';
import { placeFields } from '../../business/lib/form-layout';
import type { LayoutEditorController } from '../hooks/useLayoutEditor';
import { columnIdOf, itemId, listOf, zoneId } from '../lib/builder-dnd';
import { columnLabel } from '../lib/column-label';
import { hasWidths } from '../lib/layout-builder';
import { BuilderItemRow } from './BuilderItemRow';
import { BuilderZone } from './BuilderZone';
import { LayoutPreviewList } from './LayoutPreviewList';

/**
 * One layout of the form builder over its controller (`useLayoutEditor`): the two lists, dragged
 * with the pointer or the keyboard (announced to screen readers), the widths, the preview, and
 * 撤销 / 保存.
 */
export const LayoutEditorView = ({ editor }: { editor: LayoutEditorController }) => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { token } = theme.useToken();
  const { table, type, stored, byId, state, required, unsaved, saving, layout } = editor;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: string | number | undefined): string => {
    if (id === undefined) return '';
    if (id === zoneId('selected')) return t('layoutBuilder.selected');
    if (id === zoneId('unselected')) return t('layoutBuilder.unselected');
    const column = byId.get(columnIdOf(id));
    return column ? columnLabel(column, captionOf) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('layoutBuilder.pickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('layoutBuilder.movedOver', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('layoutBuilder.dropped', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('layoutBuilder.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = listOf(active.data.current);
    const to = listOf(over.data.current);
    if (!from || !to) return;
    editor.drop({ columnId: columnIdOf(active.id), from, to, overId: over.id });
  };

  const preview =
    type === 'list' ? (
      <>
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('layoutBuilder.previewList')}
        </Typography.Paragraph>
        <LayoutPreviewList
          table={table}
          columns={state.selected.length > 0 ? listColumns(table, [layout]) : []}
        />
      </>
    ) : state.selected.length === 0 && required.size === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layoutBuilder.previewEmpty')} />
    ) : (
      <Form layout="vertical" data-testid="preview-form" disabled={false}>
        <RecordFields fields={placeFields(formFields(table, type), layout)} mode={type} />
      </Form>
    );

  if (editor.candidates.length === 0) {
    return (
      <Card>
        <Empty description={t('layoutBuilder.noColumns')} />
      </Card>
    );
  }

  return (
    <Flex vertical gap={token.margin}>
      {!stored && <Alert type="info" showIcon message={t('layoutBuilder.noSaved')} />}
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={12}>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCorners}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('layoutBuilder.keyboardHint') },
            }}
          >
            <Row gutter={token.marginSM}>
              <Col span={12}>
                <SortableContext
                  id="unselected"
                  items={state.unselected.map(itemId)}
                  strategy={verticalListSortingStrategy}
                >
                  <BuilderZone
                    list="unselected"
                    title={t('layoutBuilder.unselected')}
                    count={state.unselected.length}
                    empty={t('layoutBuilder.emptyUnselected')}
                    extra={
                      <Button
                        type="link"
                        size="small"
                        disabled={state.unselected.length === 0}
                        onClick={editor.selectAll}
                      >
                        {t('layoutBuilder.addAll')}
                      </Button>
                    }
                  >
                    {state.unselected.map((id) => (
                      <BuilderItemRow
                        key={id}
                        column={byId.get(id) as Column}
                        list="unselected"
                        required={required.has(id)}
                        showWidth={false}
                        onMove={() => editor.select(id)}
                      />
                    ))}
                  </BuilderZone>
                </SortableContext>
              </Col>
              <Col span={12}>
                <SortableContext
                  id="selected"
                  items={state.selected.map((item) => itemId(item.columnId))}
                  strategy={verticalListSortingStrategy}
                >
                  <BuilderZone
                    list="selected"
                    title={t('layoutBuilder.selected')}
                    count={state.selected.length}
                    empty={t('layoutBuilder.emptySelected')}
                    extra={
                      <Button
                        type="link"
                        size="small"
                        danger
                        disabled={state.selected.length === 0}
                        onClick={editor.unselectAll}
                      >
                        {t('layoutBuilder.removeAll')}
                      </Button>
                    }
                  >
                    {state.selected.map((item) => (
                      <BuilderItemRow
                        key={item.columnId}
                        column={byId.get(item.columnId) as Column}
                        list="selected"
                        width={item.width}
                        required={required.has(item.columnId)}
                        showWidth={hasWidths(type)}
                        onMove={() => editor.unselect(item.columnId)}
                        onWidth={(width) => editor.setWidth(item.columnId, width ?? undefined)}
                      />
                    ))}
                  </BuilderZone>
                </SortableContext>
              </Col>
            </Row>
          </DndContext>
          <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXS}px 0 0`, fontSize: 12 }}>
            {t('layoutBuilder.keyboardHint')}
            {type !== 'list' && required.size > 0 && ` ${t('layoutBuilder.requiredHint')}`}
          </Typography.Paragraph>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('layoutBuilder.preview')}
            style={{ height: '100%' }}
            data-testid="preview"
          >
            {preview}
          </Card>
        </Col>
      </Row>
      <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
        <Typography.Text type={unsaved ? 'warning' : 'secondary'}>
          {unsaved ? t('layoutBuilder.unsaved') : t('layoutBuilder.upToDate')}
        </Typography.Text>
        <Space>
          <Button disabled={!unsaved || saving} onClick={editor.undo}>
            {t('buttons.undo')}
          </Button>
          <Tooltip title={t('layoutBuilder.saveShortcut')}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!unsaved && Boolean(stored)}
              onClick={editor.save}
            >
              {t('buttons.save')}
            </Button>
          </Tooltip>
        </Space>
      </Flex>
    </Flex>
  );
};
