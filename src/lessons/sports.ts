/**
 * The sports of spec §3, in the order the site shows them: those learners can book today, then
 * those announced for later. Moving a sport to `bookable` is the whole change when it launches.
 */
import type { IconName } from '../components/Icon.astro';

export type Sport = {
  id: 'ski' | 'snowboard' | 'surf' | 'kite' | 'tennis' | 'yoga' | 'golf';
  icon: IconName;
  bookable: boolean;
};

export const sports: Sport[] = [
  { id: 'ski', icon: 'ski', bookable: true },
  { id: 'snowboard', icon: 'snowboard', bookable: true },
  { id: 'surf', icon: 'surf', bookable: false },
  { id: 'kite', icon: 'kite', bookable: false },
  { id: 'tennis', icon: 'tennis', bookable: false },
  { id: 'yoga', icon: 'yoga', bookable: false },
  { id: 'golf', icon: 'golf', bookable: false },
];
