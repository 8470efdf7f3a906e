import { CloseCircleOutlined, DeleteOutlined, PaperClipOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Image, Progress, Space, Typography, Upload } from 'antd';
import { useDataProvider } from '@refinedev/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredFileName } from './useStoredFileName';
import { useBigUploadDeps } from '../upload/hooks/useBigUploadDeps';
import { useReportUpload } from '../upload/hooks/useUploadActivity';
import { UploadCancelledError, uploadBigFile, type BigUploadPhase } from '../upload/lib/big-upload';
import { BIG_FILE_CHUNK_SIZE } from '../upload/lib/chunk-plan';
import {
  addSample,
  formatBytes,
  formatDuration,
  secondsLeft,
  transferRate,
  type RateSample,
} from '../upload/lib/transfer-rate';
import { percentOf } from '../upload/lib/upload-progress';
import { runCustom, uploadFileCall, type UploadedFile } from '../providers/custom-calls';
import { downloadHref } from '../common/lib/download-url';
import { attachmentName, attachmentUrl, isImageAttachment, uploadFailureMessage } from './attachment-file';
import type { FieldInputProps } from './types';

type Progressing = {
  phase: BigUploadPhase;
  name: string;
  percent: number;
  done: number;
  total: number;
  /** Bytes per second over the last seconds, once known. */
  rate: number | null;
  /** Seconds left at that rate, once known. */
  left: number | null;
};

/** The speed and time left are redrawn at most this often (ms) when the percentage stands still. */
const FIGURES_EVERY = 500;

/**
 * ATTACHMENT (docs/product.md §4): choosing a file uploads it at once — through `POST /api/file`, or
 * in resumable chunks above one chunk's size — with a progress bar; then the file shows as its name
 * (a link) and, for a picture, a thumbnail, with 替换 and 移除. A failed upload says why and keeps
 * the previous value. While it uploads, the enclosing record form holds its save.
 */
export const AttachmentInput = ({ id, value, onChange, disabled }: FieldInputProps) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const url = attachmentUrl(value);
  const [progress, setProgress] = useState<Progressing>();
  const [failure, setFailure] = useState<{ name: string; reason?: string }>();
  // The original name of the file just uploaded (the stored URL carries a server-made name).
  const [uploaded, setUploaded] = useState<{ url: string; name: string }>();
  const last = useRef({ percent: -1, at: 0 });
  const samples = useRef<RateSample[]>([]);
  const controller = useRef<AbortController | undefined>(undefined);
  const { custom } = useDataProvider()();
  const bigUploadDeps = useBigUploadDeps();
  // an upload's URL carries a server-made name: the form shows the name it was uploaded under
  const storedName = useStoredFileName(url, url !== undefined && uploaded?.url === url);
  const busy = progress !== undefined;
  useReportUpload(busy);

  const restart = () => {
    last.current = { percent: -1, at: 0 };
    samples.current = [];
  };

  const show = (phase: BigUploadPhase, name: string) => (done: number, total: number) => {
    const now = Date.now();
    samples.current = addSample(samples.current, { at: now, bytes: done });
    const percent = percentOf(done, total);
    // one render per percent (and twice a second for the speed), not per progress event
    if (percent === last.current.percent && now - last.current.at < FIGURES_EVERY) return;
    last.current = { percent, at: now };
    const rate = transferRate(samples.current);
    setProgress({ phase, name, percent, done, total, rate, left: secondsLeft(done, total, rate) });
  };

  const upload = async (file: File) => {
    setFailure(undefined);
    restart();
    const abort = new AbortController();
    controller.current = abort;
    const idle = { name: file.name, percent: 0, done: 0, total: file.size, rate: null, left: null };
    try {
      let stored: string;
      if (file.size > BIG_FILE_CHUNK_SIZE) {
        let phase: BigUploadPhase = 'preparing';
        setProgress({ phase, ...idle });
        stored = await uploadBigFile(file, file.name, bigUploadDeps, {
          onPhase: (next) => {
            phase = next;
            restart();
            setProgress({ phase: next, ...idle });
          },
          onProgress: (done, total) => show(phase, file.name)(done, total),
          signal: abort.signal,
        });
      } else {
        setProgress({ phase: 'uploading', ...idle });
        const answer = await runCustom<UploadedFile>(
          custom,
          uploadFileCall(
            file,
            file.name,
            (bytes) => show('uploading', file.name)(bytes, file.size),
            abort.signal,
          ),
        );
        stored = answer.url;
      }
      setUploaded({ url: stored, name: file.name });
      onChange?.(stored);
    } catch (error) {
      if (abort.signal.aborted || error instanceof UploadCancelledError)
        void message.info(t('fileUpload.cancelled'));
      else setFailure({ name: file.name, reason: uploadFailureMessage(error) });
    } finally {
      if (controller.current === abort) controller.current = undefined;
      setProgress(undefined);
    }
  };

  const chooser = (label: string, icon: ReactNode, primary: boolean) => (
    <Upload
      showUploadList={false}
      maxCount={1}
      disabled={disabled || busy}
      beforeUpload={(file) => {
        void upload(file);
        return false;
      }}
    >
      <Button
        icon={icon}
        type={primary ? 'default' : 'link'}
        size={primary ? 'middle' : 'small'}
        disabled={disabled || busy}
      >
        {label}
      </Button>
    </Upload>
  );

  const justUploaded = url !== undefined && uploaded?.url === url;
  const name = url ? (justUploaded ? uploaded.name : (storedName ?? attachmentName(url))) : undefined;
  return (
    <div id={id} className="attachment-input">
      {url && (
        <Space align="center" wrap size={8}>
          {isImageAttachment(url) && (
            <Image
              className="attachment-thumbnail"
              src={downloadHref(url)}
              alt={name}
              width={48}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          )}
          <Typography.Link
            className="attachment-name"
            href={downloadHref(url)}
            target="_blank"
            rel="noopener noreferrer"
            ellipsis
            style={{ maxWidth: 320 }}
          >
            <PaperClipOutlined /> {name}
          </Typography.Link>
          {!disabled && chooser(t('attachment.replace'), <SwapOutlined />, false)}
          {!disabled && (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={busy}
              onClick={() => {
                setFailure(undefined);
                onChange?.('');
              }}
            >
              {t('attachment.remove')}
            </Button>
          )}
        </Space>
      )}
      {!url && !disabled && !busy && chooser(t('attachment.choose'), <PaperClipOutlined />, true)}
      {!url && disabled && <Typography.Text type="secondary">{t('attachment.none')}</Typography.Text>}
      {progress && (
        <div role="status" aria-live="polite" className="attachment-progress" style={{ maxWidth: 360 }}>
          <Typography.Text type="secondary">
            {t(progress.phase === 'preparing' ? 'attachment.preparing' : 'attachment.uploading', {
              name: progress.name,
            })}
          </Typography.Text>
          <Space size={8} wrap>
            <Typography.Text type="secondary" data-testid="upload-bytes">
              {t('fileUpload.bytes', {
                done: formatBytes(progress.done),
                total: formatBytes(progress.total),
              })}
            </Typography.Text>
            {progress.rate !== null && (
              <Typography.Text type="secondary" data-testid="upload-speed">
                {t('fileUpload.speed', { speed: formatBytes(progress.rate) })}
              </Typography.Text>
            )}
            {progress.left !== null && (
              <Typography.Text type="secondary" data-testid="upload-left">
                {t('fileUpload.timeLeft', { time: formatDuration(progress.left) })}
              </Typography.Text>
            )}
            <Button
              size="small"
              danger
              icon={<CloseCircleOutlined />}
              onClick={() => controller.current?.abort()}
            >
              {t('fileUpload.cancel')}
            </Button>
          </Space>
          <Progress percent={progress.percent} size="small" status="active" />
        </div>
      )}
      {failure && (
        <div role="alert" className="attachment-error">
          <Typography.Text type="danger">
            {failure.reason
              ? t('attachment.failed', { name: failure.name, reason: failure.reason })
              : t('attachment.failedNetwork', { name: failure.name })}
          </Typography.Text>
          {url && (
            <div>
              <Typography.Text type="secondary">{t('attachment.kept')}</Typography.Text>
            </div>
          )}
        </div>
      )}
    </div>
  );
};
