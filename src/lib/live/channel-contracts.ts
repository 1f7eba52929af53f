/**
 * The calls around a live: a channel's rooms by state (signed in, as the channel pages), one
 * room with the caller's 预约, and 预约 / 取消预约 of an upcoming room (signed in). Every room is
 * looked up in the query's shop (shopBizCode): another shop's room is 直播不存在.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { LiveType } from './status.ts';
import type { ChannelSection, LiveCard } from './channel.ts';
import type { ReminderState } from './channel.server.ts';

export const liveNoSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '直播编号无效');

export interface LiveChannel {
  sections: { section: ChannelSection; title: string; rooms: LiveCard[] }[];
}

export interface LiveRoomInfo extends LiveCard {
  intro: string;
  reminded: boolean;
  reminderCount: number;
  /** The server's clock, for the countdown to the start. */
  serverTime: string;
}

const liveType = z.coerce
  .number()
  .int()
  .refine((n) => Object.values(LiveType).includes(n as LiveType), '直播类型无效');

export const LiveChannelContracts = {
  /** The shop's rooms of one type (10 normal and radio, 20 radio, 30 school) by state. */
  channel: contract<LiveChannel>()({
    method: 'GET',
    path: '/api/live/channel/list',
    query: { shopBizCode: shopIdSchema, liveType: liveType.optional() },
    access: 'signed-in',
  }),
  room: contract<LiveRoomInfo>()({
    method: 'GET',
    path: '/api/live/channel/room',
    query: { shopBizCode: shopIdSchema, liveNo: liveNoSchema },
  }),
  remind: contract<ReminderState>()({
    method: 'POST',
    path: '/api/live/reminder/add',
    query: { shopBizCode: shopIdSchema },
    body: { liveNo: liveNoSchema },
    access: 'signed-in',
    message: '预约成功，开播前提醒你',
  }),
  cancel: contract<ReminderState>()({
    method: 'POST',
    path: '/api/live/reminder/cancel',
    query: { shopBizCode: shopIdSchema },
    body: { liveNo: liveNoSchema },
    access: 'signed-in',
    message: '已取消预约',
  }),
};
