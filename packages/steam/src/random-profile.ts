import type { ProfileEdit } from './steam-gateway.ts';

/** Random, plausible profile info for the sign-up step "set random profile info" (editProfile). */

const FIRST = ['Alex', 'Max', 'Nick', 'Dan', 'Ivan', 'Oleg', 'Sam', 'Leo', 'Artem', 'Kirill', 'Mark', 'Tim'];
const WORDS = [
  'shadow',
  'fox',
  'nova',
  'pixel',
  'storm',
  'wolf',
  'echo',
  'blade',
  'frost',
  'ghost',
  'viper',
  'lynx',
];
const SUMMARIES = [
  'Just here for the games.',
  'CS2 player. Trading sometimes.',
  'gl hf',
  'Casual gamer, add me if you want to play.',
  'No trades via comments, please.',
  '',
];
const COUNTRIES = ['RU', 'KZ', 'DE', 'PL', 'US', 'UA', 'BY', 'FI'];

export function randomProfileInfo(random: () => number = Math.random): ProfileEdit {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const nickname = `${pick(WORDS)}${pick(WORDS).slice(0, 3)}${Math.floor(random() * 1000)}`;
  return {
    name: random() < 0.5 ? nickname : `${pick(FIRST)} ${pick(WORDS)}`,
    realName: pick(FIRST),
    summary: pick(SUMMARIES),
    country: pick(COUNTRIES),
  };
}
