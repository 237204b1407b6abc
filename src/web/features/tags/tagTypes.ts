import { TAG_TYPE, type TagType } from '../../../domain/orgAccess.js';

/** SPEC 3's tag types as select options ('1' User ... '5' Site). */
export const TAG_TYPE_OPTIONS = Object.entries(TAG_TYPE).map(([label, value]) => ({ label, value: String(value) }));

export const SELECT_TAG_TYPE = 'Select a tag type';
export const NO_TOOLTIP_PLACEHOLDER = 'Press Enter / Save for no tooltip';
export const LABEL_MANDATORY = 'Label is mandatory';

export const tagTypeFrom = (v: string | null): TagType | null => {
  const n = Number(v);
  return v !== null && (Object.values(TAG_TYPE) as number[]).includes(n) ? (n as TagType) : null;
};
