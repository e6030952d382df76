/**
 * Names that come from a user's files (ONNX node and tensor names, file names) made safe for wherever seedc writes
 * them: identifiers, comments of the generated text, and messages. Ordinary names pass through unchanged, so that
 * the generated outputs of ordinary models do not change.
 */
package seedc.names;
