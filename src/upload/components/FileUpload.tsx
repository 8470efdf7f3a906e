import { CloseCircleOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Space, Spin, Typography, Upload } from 'antd';
import { useDataProvider } from '@refinedev/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBigUploadDeps } from '../hooks/useBigUploadDeps';
import { useReportUpload } from '../hooks/useUploadActivity';
import { UploadCancelledError, uploadBigFile, type BigUploadPhase } from '../lib/big-upload';
import { BIG_FILE_CHUNK_SIZE } from '../lib/chunk-plan';
import { percentOf } from '../lib/upload-progress';
import {
  addSample,
  formatBytes,
  formatDuration,
  secondsLeft,
  transferRate,
  type RateSample,
} from '../lib/transfer-rate';
import { runCustom, uploadFileCall, type UploadedFile } from '../../providers/custom-calls';

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

/** Bytes done of total, with the speed (bytes/s) and seconds left once they are known. */
interface Figures {
  percent: number;
  done: number;
  total: number;
  rate: number | null;
  left: number | null;
}

type State = { phase: 'idle' } | ({ phase: BigUploadPhase } & Figures) | { phase: 'finished'; name: string };

/** The figures are redrawn on each new percent, and at least this often in between (ms). */
const FIGURES_EVERY = 500;

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
  const last = useRef({ percent: -1, at: 0 });
  const samples = useRef<RateSample[]>([]);
  const controller = useRef<AbortController | undefined>(undefined);
  const { custom } = useDataProvider()();
  const bigUploadDeps = useBigUploadDeps();
  // The enclosing record form holds its save while this runs.
  useReportUpload(busy);

  const restart = () => {
    last.current = { percent: -1, at: 0 };
    samples.current = [];
  };

  const progress = (phase: BigUploadPhase) => (done: number, total: number) => {
    const now = Date.now();
    samples.current = addSample(samples.current, { at: now, bytes: done });
    const percent = percentOf(done, total);
    // one render per percent (and twice a second for the speed), not per progress event
    if (percent === last.current.percent && now - last.current.at < FIGURES_EVERY) return;
    last.current = { percent, at: now };
    const rate = transferRate(samples.current);
    setState({ phase, percent, done, total, rate, left: secondsLeft(done, total, rate) });
  };

  const cancel = () => controller.current?.abort();

  const start = async () => {
    if (!file) {
      void message.warning(t('fileUpload.noFile'));
      return;
    }
    const big = mode === 'big' || (mode === 'auto' && file.size > bigFileThreshold);
    restart();
    const abort = new AbortController();
    controller.current = abort;
    const idle: Figures = { percent: 0, done: 0, total: file.size, rate: null, left: null };
    try {
      let url: string;
      if (big) {
        let phase: BigUploadPhase = 'preparing';
        url = await uploadBigFile(file, file.name, bigUploadDeps, {
          onPhase: (next) => {
            phase = next;
            restart();
            setState({ phase: next, ...idle });
          },
          onProgress: (done, total) => progress(phase)(done, total),
          signal: abort.signal,
        });
      } else {
        setState({ phase: 'uploading', ...idle });
        const uploaded = await runCustom<UploadedFile>(
          custom,
          uploadFileCall(file, file.name, (bytes) => progress('uploading')(bytes, file.size), abort.signal),
        );
        url = uploaded.url;
      }
      setState({ phase: 'finished', name: file.name });
      setFile(undefined);
      onUploaded(url, file.name);
    } catch (error) {
      setState({ phase: 'idle' });
      if (abort.signal.aborted || error instanceof UploadCancelledError) {
        void message.info(t('fileUpload.cancelled'));
        return;
      }
      // docs/product.md §8: the loading goes away; the failure is only logged.
      console.error('crudboard: upload failed', error);
    } finally {
      if (controller.current === abort) controller.current = undefined;
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
          <Space size={8} wrap>
            <Spin size="small" />
            <Typography.Text>
              {t(state.phase === 'preparing' ? 'fileUpload.preparing' : 'fileUpload.uploading')}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="upload-bytes">
              {t('fileUpload.bytes', { done: formatBytes(state.done), total: formatBytes(state.total) })}
            </Typography.Text>
            {state.rate !== null && (
              <Typography.Text type="secondary" data-testid="upload-speed">
                {t('fileUpload.speed', { speed: formatBytes(state.rate) })}
              </Typography.Text>
            )}
            {state.left !== null && (
              <Typography.Text type="secondary" data-testid="upload-left">
                {t('fileUpload.timeLeft', { time: formatDuration(state.left) })}
              </Typography.Text>
            )}
            <Button size="small" danger icon={<CloseCircleOutlined />} onClick={cancel}>
              {t('fileUpload.cancel')}
            </Button>
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
