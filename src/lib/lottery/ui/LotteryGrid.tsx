/**
 * 拆红包's draw grid: eight prize cells around the centre 抽奖 button. A tap spends a chance on the
 * server; meanwhile a highlight runs around the ring, then slows down and stops on the prize won
 * (at once when the shopper prefers reduced motion), and the result dialog says what it was — a
 * coupon with 去使用 (我的优惠券), or 谢谢参与. The chances left follow the server's answer. A
 * refusal (次数已用完, 活动已结束 …) is toasted with the server's message by the request client.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { drawLottery } from '#lib/lottery/index.ts';
import type { DrawResult, PrizeView } from '#lib/lottery/index.ts';
import { LotteryErrors } from '#lib/lottery/index.ts';
import {
  CENTRE,
  FAST_STEP_MS,
  RING,
  RING_SIZE,
  cellsOf,
  stepsTo,
  stopStepDelay,
} from '#lib/lottery/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './LotteryGrid.css';

type Cell = Pick<PrizeView, 'prizeId' | 'name' | 'kind' | 'face' | 'imageUrl'>;

interface Props {
  lotteryNo: string;
  /** The ring's eight cells, clockwise from the top left. */
  cells: Cell[];
  chancesLeft: number;
  /** 我的优惠券, where a won coupon is. */
  couponHref: string;
  /** 中奖记录. */
  recordsHref: string;
}

/** The pause on the won cell before the dialog opens. */
const LAND_MS = 350;

export default function LotteryGrid(props: Props) {
  const hydrated = useHydrated();
  const leftId = useId();
  const [left, setLeft] = useState(props.chancesLeft);
  const [active, setActive] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const position = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function moveTo(next: number) {
    position.current = next;
    setActive(next);
  }

  /** Runs the highlight `steps` cells on, slowing down; then `done`. */
  function runStop(steps: number, done: () => void) {
    let i = 0;
    const step = () => {
      moveTo((position.current + 1) % RING_SIZE);
      i += 1;
      timer.current =
        i >= steps ? setTimeout(done, LAND_MS) : setTimeout(step, stopStepDelay(i, steps));
    };
    timer.current = setTimeout(step, stopStepDelay(0, steps));
  }

  async function draw() {
    if (busy || left <= 0) return;
    setBusy(true);
    setResult(null);
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!still) {
      // Round and round at full speed until the server has answered.
      setActive(position.current);
      const spin = () => {
        moveTo((position.current + 1) % RING_SIZE);
        timer.current = setTimeout(spin, FAST_STEP_MS);
      };
      timer.current = setTimeout(spin, FAST_STEP_MS);
    }
    let answer: DrawResult;
    try {
      answer = await drawLottery(props.lotteryNo);
    } catch (error) {
      clearTimeout(timer.current);
      setActive(null);
      setBusy(false);
      if ((error as { code?: unknown }).code === LotteryErrors.LOTTERY_NO_CHANCES.code) setLeft(0);
      return;
    }
    clearTimeout(timer.current);
    setLeft(answer.chancesLeft);
    const finish = () => {
      setResult(answer);
      setBusy(false);
    };
    const targets = cellsOf(props.cells, answer.prize.prizeId);
    if (targets.length === 0) {
      setActive(null);
      finish();
      return;
    }
    const from = position.current;
    // The nearest cell of the prize after one more lap.
    const target = targets.reduce((best, cell) =>
      stepsTo(from, cell, 1) < stepsTo(from, best, 1) ? cell : best,
    );
    if (still) {
      moveTo(target);
      finish();
      return;
    }
    runStop(stepsTo(from, target, 1), finish);
  }

  // The ring's cells in the 3×3 grid, the button in the centre.
  const slots = Array.from({ length: 9 }, (_, slot) => {
    if (slot === CENTRE) {
      return (
        <button
          key="draw"
          type="button"
          className="lottery-go"
          onClick={draw}
          disabled={!hydrated || busy || left <= 0}
          aria-describedby={leftId}
        >
          <strong>{left > 0 ? '抽奖' : '已用完'}</strong>
          <span>{busy ? '抽奖中…' : `剩余${left}次`}</span>
        </button>
      );
    }
    const ringIndex = RING.indexOf(slot as (typeof RING)[number]);
    const cell = props.cells[ringIndex]!;
    const on = active === ringIndex;
    return (
      <div
        key={slot}
        className={`lottery-cell${on ? ' on' : ''}${cell.kind === 'none' ? ' none' : ''}`}
        data-lottery-cell={ringIndex}
        data-prize-id={cell.prizeId}
        data-active={on ? 'true' : undefined}
      >
        {cell.imageUrl ? (
          <img src={cell.imageUrl} alt="" width="44" height="44" />
        ) : (
          <span className="lottery-face" aria-hidden="true">
            {cell.kind === 'coupon' ? cell.face : '☺'}
          </span>
        )}
        <span className="lottery-name">{cell.name}</span>
      </div>
    );
  });

  return (
    <div className="lottery">
      <p id={leftId} className="lottery-left" aria-live="polite" data-chances-left={left}>
        {left > 0 ? (
          <>
            您还有 <b>{left}</b> 次抽奖机会
          </>
        ) : (
          '抽奖次数已用完，感谢参与'
        )}
      </p>
      <div className="lottery-board" role="group" aria-label="奖品">
        {slots}
      </div>
      {result && (
        <ResultDialog
          result={result}
          couponHref={props.couponHref}
          recordsHref={props.recordsHref}
          canDrawAgain={left > 0}
          onClose={() => setResult(null)}
          onAgain={() => {
            setResult(null);
            void draw();
          }}
        />
      )}
    </div>
  );
}

interface DialogProps {
  result: DrawResult;
  couponHref: string;
  recordsHref: string;
  canDrawAgain: boolean;
  onClose(): void;
  onAgain(): void;
}

function ResultDialog(props: DialogProps) {
  const { result, couponHref, recordsHref, canDrawAgain, onClose, onAgain } = props;
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  const { prize } = result;
  const won = prize.kind === 'coupon';
  return (
    <dialog
      ref={dialog}
      className={`lottery-result${won ? ' won' : ''}`}
      aria-labelledby={titleId}
      data-lottery-result={prize.kind}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <button type="button" className="lottery-close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
      <h2 id={titleId}>{won ? '恭喜您抽中' : '谢谢参与'}</h2>
      {won ? (
        <div className="lottery-prize">
          <span className="lottery-prize-face">{prize.face}</span>
          <strong>{prize.name}</strong>
          <span>{prize.condition}</span>
          <p>优惠券已放入「我的优惠券」</p>
        </div>
      ) : (
        <p>很遗憾，这次没有抽中，换个手气再试试</p>
      )}
      <div className="lottery-result-actions">
        {won && (
          <a className="primary" href={couponHref}>
            去使用
          </a>
        )}
        <button
          type="button"
          className={won ? undefined : 'primary'}
          onClick={canDrawAgain ? onAgain : onClose}
        >
          {canDrawAgain ? '再抽一次' : '知道了'}
        </button>
        <a className="plain" href={recordsHref}>
          查看中奖记录
        </a>
      </div>
    </dialog>
  );
}
