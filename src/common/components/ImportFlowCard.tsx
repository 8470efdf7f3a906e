import { InboxOutlined } from '@ant-design/icons';
import { Card, Flex, Typography, Upload, theme } from 'antd';
import type { ReactNode } from 'react';

export interface ImportFlowCardProps {
  /** The flow's state this card shows and the choosing it starts (`useImportFlow`). */
  flow: {
    chosen: { file: File } | null;
    reading: boolean;
    running: boolean;
    choose: (file: File) => Promise<void>;
  };
  /** The file types the picker offers (`.xlsx,...`, `.json,application/json`). */
  accept: string;
  texts: {
    /** The drop zone's title and hint. */
    choose: string;
    chooseHint: string;
    /** Before the chosen file's name (文件：). */
    file: string;
    /** Shown while the file is read in the browser. */
    reading?: string;
  };
  /** The card's title (none: a plain card). */
  title?: ReactNode;
  /** Above the drop zone: a hint, the template download. */
  intro?: ReactNode;
  /** After the chosen file's name (its size). */
  fileNote?: (file: File) => ReactNode;
  /** Below: the preview, options, outcome and buttons, in the screen's order. */
  children?: ReactNode;
}

/**
 * The common view of an import: the drop zone (one file of the accepted types, read by the flow,
 * locked while the import runs), the reading note and the chosen file's name, then the screen's
 * own preview, options, outcome and buttons.
 */
export const ImportFlowCard = ({
  flow,
  accept,
  texts,
  title,
  intro,
  fileNote,
  children,
}: ImportFlowCardProps) => {
  const { token } = theme.useToken();
  return (
    <Card title={title} styles={{ body: { padding: token.paddingLG } }}>
      <Flex vertical gap={token.marginLG}>
        {intro}
        <Upload.Dragger
          accept={accept}
          multiple={false}
          showUploadList={false}
          disabled={flow.running}
          beforeUpload={(file) => {
            void flow.choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{texts.choose}</p>
          <p className="ant-upload-hint">{texts.chooseHint}</p>
        </Upload.Dragger>
        {flow.reading && texts.reading && <Typography.Text type="secondary">{texts.reading}</Typography.Text>}
        {flow.chosen && !flow.reading && (
          <Typography.Text>
            {texts.file}
            <Typography.Text strong>{flow.chosen.file.name}</Typography.Text>
            {fileNote?.(flow.chosen.file)}
          </Typography.Text>
        )}
        {children}
      </Flex>
    </Card>
  );
};
