export {
  formatGedcomDate,
  formatGedcomDateValue,
  type GedcomCalendar,
  type GedcomDate,
  type GedcomDateKind,
  type GedcomDatePart,
  type GedcomDateVersion,
  parseGedcomDate,
} from './date/date.ts';
export { anselCharacter, decodeAnsel } from './decode/ansel.ts';
export {
  createDecoder,
  type Detection,
  decode,
  detectEncoding,
  type StreamDecoder,
  selectableEncodings,
} from './decode/decode.ts';
export { charsetFromDeclared, type HeaderFacts, sniffHeader } from './decode/detect.ts';
export { GedcomError, type GedcomErrorCode } from './errors.ts';
export {
  GedcomAsyncRecordStream,
  type GedcomChunks,
  type GedcomInput,
  GedcomRecordStream,
  iterateRecords,
  iterateRecordsAsync,
  parse,
  parseGedcom,
} from './parse/parse.ts';
export type {
  DecodeResult,
  EncodingChoice,
  EncodingName,
  EncodingReason,
  GedcomDocument,
  GedcomNode,
  GedcomRecord,
  GedcomWarning,
  GedcomWarningCode,
  ParseOptions,
} from './types.ts';
export { type GedcomWriteVersion, type WriteOptions, writeGedcom } from './write/write.ts';
