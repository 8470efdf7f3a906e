import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Spin, Typography, Upload } from 'antd';
import { useDataProvider } from '@refinedev/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportUpload } from '../hooks/useUploadActivity';
import { uploadBigFile, type BigUploadDeps, type BigUploadPhase } from '../lib/big-upload';
import { BIG_FILE_CHUNK_SIZE } from '../lib/chunk-plan';
import { percentOf } from '../lib/upload-progress';
import {
  bigUploadStatusCall,
  fileChunkCall,
  runCustom,
  uploadFileCall,
  type BigUploadStatus,
  type ChunkAnswer,
  type UploadedFile,
} from '../../providers/custom-calls';
import { hashFileInWorker } from '../workers/hash-file';

/** `auto`: files above `bigFileThreshold` go in chunks (resumable), smaller ones in one request. */
export type FileUploadMode = 'auto' | 'normal' | 'big';

export interface FileUploadProps {
  onUploaded: (url: string, name: string) => void;
  mode?: FileUploadMode;
  /** Bytes above which `auto` uses the chunk API; one chunk by default. */
  bigFileThreshold?: number;
  disabled?: boolean;
  id?: string;
}

type State =
  { phase: 'idle' } | { phase: BigUploadPhase; percent: number } | { phase: 'finished'; name: string };

/**
 * Chooses a file and uploads it (docs/product.md §4, §8): through `POST /api/file`, or for a big file by md5
 * ("文件准备中", in a Web Worker) and parallel chunks ("上传中"), resuming what the server already
 * holds. Uploading with no file warns 请选择文件！; a failure hides the loading and is only logged.
 * While it prepares or uploads, it counts as running for the enclosing record form (its save waits).
 */
export const FileUpload = ({
  onUploaded,
  mode = 'auto',
  bigFileThreshold = BIG_FILE_CHUNK_SIZE,
  disabled,
  id,
}: FileUploadProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const busy = state.phase === 'preparing' || state.phase === 'uploading';
  const last = useRef(-1);
  const { custom } = useDataProvider()();
  const bigUploadDeps = useMemo<BigUploadDeps>(
    () => ({
      hash: hashFileInWorker,
      status: (md5) => runCustom<BigUploadStatus>(custom, bigUploadStatusCall(md5)),
      sendChunk: (request, onProgress) => runCustom<ChunkAnswer>(custom, fileChunkCall(request, onProgress)),
    }),
    [custom],
  );
  // The enclosing record form holds its save while this runs.
  useReportUpload(busy);

  const progress = (phase: BigUploadPhase) => (done: number, total: number) => {
    const percent = percentOf(done, total);
    if (percent === last.current) return; // one render per percent, not per progress event
    last.current = percent;
    setState({ phase, percent });
  };

  const start = async () => {
    if (!file) {
      void message.warning(t('fileUpload.noFile'));
      return;
    }
    const big = mode === 'big' || (mode === 'auto' && file.size > bigFileThreshold);
    last.current = -1;
    try {
      let url: string;
      if (big) {
        let phase: BigUploadPhase = 'preparing';
        url = await uploadBigFile(file, file.name, bigUploadDeps, {
          onPhase: (next) => {
            phase = next;
            last.current = -1;
            setState({ phase: next, percent: 0 });
          },
          onProgress: (done, total) => progress(phase)(done, total),
        });
      } else {
        setState({ phase: 'uploading', percent: 0 });
        const uploaded = await runCustom<UploadedFile>(
          custom,
          uploadFileCall(file, file.name, (bytes) => progress('uploading')(bytes, file.size)),
        );
        url = uploaded.url;
      }
      setState({ phase: 'finished', name: file.name });
      setFile(undefined);
      onUploaded(url, file.name);
    } catch (error) {
      // docs/product.md §8: the loading goes away; the failure is only logged.
      console.error('crudboard: upload failed', error);
      setState({ phase: 'idle' });
    }
  };

  return (
    <Space id={id} direction="vertical" size={4} className="file-upload">
      <Space wrap>
        <Upload
          showUploadList={false}
          maxCount={1}
          disabled={disabled || busy}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setState({ phase: 'idle' });
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined />} disabled={disabled || busy}>
            {t('fileUpload.choose')}
          </Button>
        </Upload>
        <Typography.Text type={file ? undefined : 'secondary'} ellipsis style={{ maxWidth: 240 }}>
          {file ? file.name : t('fileUpload.none')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<UploadOutlined />}
          loading={busy}
          disabled={disabled}
          onClick={() => void start()}
        >
          {t('fileUpload.upload')}
        </Button>
      </Space>
      {busy && (
        <div role="status" aria-live="polite" style={{ minWidth: 320 }}>
          <Space size={8}>
            <Spin size="small" />
            <Typography.Text>
              {t(state.phase === 'preparing' ? 'fileUpload.preparing' : 'fileUpload.uploading')}
            </Typography.Text>
          </Space>
          <Progress percent={state.percent} size="small" status="active" />
        </div>
      )}
      {state.phase === 'finished' && (
        <div role="status" style={{ minWidth: 320 }}>
          <Typography.Text type="success">{t('fileUpload.finished', { name: state.name })}</Typography.Text>
          <Progress percent={100} size="small" />
        </div>
      )}
    </Space>
  );
};
