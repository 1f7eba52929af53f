/**
 * 发布新版本 (agreement-setting, the shop's manager): the title, the effective date and the text
 * (a line beginning with “#” starts a section), started from the latest version; 预览 shows the
 * text as shoppers will read it; 发布 asks once (a published version is never edited) and
 * publishes. Checked here by the server's own rules first (legal/rules.ts), so a bad field is
 * named before anything is sent.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import {
  LegalErrors,
  TEXT_MAX,
  TITLE_MAX,
  addDays,
  bodyLength,
  checkAgreementDraft,
  chineseDate,
  EFFECTIVE_MAX_DAYS,
  formatAgreementText,
  parseAgreementText,
  publishVersion,
  type AgreementType,
  type DraftField,
} from '#lib/legal/index.ts';
import { askConfirm } from '../../../ui/confirm.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './PublishForm.css';

interface Props {
  type: AgreementType;
  latest: { version: number; title: string; effectiveDate: string; text: string };
  /** The shop's day today. */
  today: string;
}

const E = LegalErrors;
/** Which field a server refusal is about, by its code. */
const FIELD_BY_CODE = new Map<number, DraftField>([
  [E.AGREEMENT_TITLE_EMPTY.code, 'title'],
  [E.AGREEMENT_TITLE_TOO_LONG.code, 'title'],
  [E.AGREEMENT_DATE_INVALID.code, 'effectiveDate'],
  [E.AGREEMENT_DATE_PAST.code, 'effectiveDate'],
  [E.AGREEMENT_DATE_TOO_FAR.code, 'effectiveDate'],
  [E.AGREEMENT_DATE_BEFORE_LATEST.code, 'effectiveDate'],
  [E.AGREEMENT_TEXT_TOO_SHORT.code, 'text'],
  [E.AGREEMENT_TEXT_TOO_LONG.code, 'text'],
  [E.AGREEMENT_NO_SECTION.code, 'text'],
  [E.AGREEMENT_SECTION_EMPTY.code, 'text'],
  [E.AGREEMENT_HEADING_EMPTY.code, 'text'],
  [E.AGREEMENT_HEADING_TOO_LONG.code, 'text'],
  [E.AGREEMENT_PARAGRAPH_TOO_LONG.code, 'text'],
  [E.AGREEMENT_UNCHANGED.code, 'text'],
]);

export default function PublishForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const firstDay =
    props.latest.effectiveDate > props.today ? props.latest.effectiveDate : props.today;
  const [title, setTitle] = useState(props.latest.title);
  const [effectiveDate, setEffectiveDate] = useState(firstDay);
  const [text, setText] = useState(props.latest.text);
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: DraftField; message: string } | null>(null);
  const nextVersion = props.latest.version + 1;
  const errorOf = (field: DraftField) => (problem?.field === field ? problem.message : null);
  /** Editing a field takes its refusal away: the next 发布 checks again. */
  const edit = (field: DraftField, set: (value: string) => void) => (value: string) => {
    set(value);
    if (problem?.field === field) setProblem(null);
  };

  /** The draft's refusal, as the server would answer it; null when it may be published. */
  function check(): { field: DraftField; message: string } | null {
    const checked = checkAgreementDraft(
      { title, effectiveDate, text },
      { today: props.today, latestEffective: props.latest.effectiveDate },
    );
    if (!checked.ok) return { field: checked.field, message: checked.error.message };
    const same =
      checked.value.title === props.latest.title &&
      formatAgreementText(checked.value.body) ===
        formatAgreementText(parseAgreementText(props.latest.text));
    return same ? { field: 'text', message: E.AGREEMENT_UNCHANGED.message } : null;
  }

  async function publish(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const refusal = check();
    setProblem(refusal);
    if (refusal) {
      document.getElementById(`${id}-${refusal.field}`)?.focus();
      return;
    }
    if (!(await askConfirm('publish-agreement'))) return;
    setBusy(true);
    try {
      const published = await publishVersion({
        type: props.type,
        title,
        effectiveDate,
        text,
        baseVersion: props.latest.version,
      });
      toast(
        published.state === 'current'
          ? `第${published.version}版已发布并生效`
          : `第${published.version}版已发布，将于${chineseDate(published.effectiveDate)}生效`,
      );
      // The versions above the form list the new one.
      setTimeout(() => location.reload(), 1200);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      const message = error instanceof Error && error.message ? error.message : '发布失败，请重试';
      const field = FIELD_BY_CODE.get(code);
      if (field) setProblem({ field, message });
      else toast(message);
      setBusy(false);
    }
  }

  const body = parseAgreementText(text);
  return (
    <form className="publish-form" aria-label="发布新版本" onSubmit={publish} noValidate>
      <h2>{`发布第${nextVersion}版`}</h2>
      <FormField
        id={`${id}-title`}
        label="协议标题"
        error={errorOf('title')}
        className="pf-field"
        errorClassName="pf-error"
      >
        <input
          {...controlProps(`${id}-title`, { error: errorOf('title') })}
          name="title"
          value={title}
          maxLength={TITLE_MAX * 2}
          autoComplete="off"
          onChange={(e) => edit('title', setTitle)(e.target.value)}
        />
      </FormField>
      <FormField
        id={`${id}-effectiveDate`}
        label="生效日期"
        hint={`最早今天，最晚${chineseDate(addDays(props.today, EFFECTIVE_MAX_DAYS))}；生效后，未同意新版本的用户会在下次打开页面时被请求重新确认`}
        error={errorOf('effectiveDate')}
        className="pf-field"
        errorClassName="pf-error"
      >
        <input
          {...controlProps(`${id}-effectiveDate`, {
            error: errorOf('effectiveDate'),
            hint: true,
          })}
          name="effectiveDate"
          type="date"
          value={effectiveDate}
          min={firstDay}
          max={addDays(props.today, EFFECTIVE_MAX_DAYS)}
          onChange={(e) => edit('effectiveDate', setEffectiveDate)(e.target.value)}
        />
      </FormField>
      <FormField
        id={`${id}-text`}
        label="协议正文"
        hint={`以“#”开头的一行是章节标题，其余每行是一段正文；当前${bodyLength(body)}字，最多${TEXT_MAX}字`}
        error={errorOf('text')}
        className="pf-field"
        errorClassName="pf-error"
      >
        <textarea
          {...controlProps(`${id}-text`, { error: errorOf('text'), hint: true })}
          name="text"
          rows={14}
          value={text}
          onChange={(e) => edit('text', setText)(e.target.value)}
        />
      </FormField>
      {preview && (
        <section className="pf-preview" aria-label="预览" data-preview>
          <h3>{title.trim() || '（未填写标题）'}</h3>
          <p className="pf-dates">
            {`第${nextVersion}版 · ${/^\d{4}-\d{2}-\d{2}$/.test(effectiveDate) ? chineseDate(effectiveDate) : '—'}生效`}
          </p>
          {body.intro.map((p, i) => (
            <p key={`i${i}`}>{p}</p>
          ))}
          {body.sections.map((s, i) => (
            <section key={`s${i}`}>
              <h4>{s.heading || '（空标题）'}</h4>
              {s.paragraphs.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </section>
          ))}
        </section>
      )}
      <div className="pf-actions">
        <button
          type="button"
          className="pf-secondary"
          disabled={!hydrated}
          aria-pressed={preview}
          onClick={() => setPreview(!preview)}
        >
          {preview ? '收起预览' : '预览'}
        </button>
        <button type="submit" disabled={!hydrated || busy}>
          {busy ? '发布中…' : '发布'}
        </button>
      </div>
    </form>
  );
}
