package io.streamscope.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Parses a Kafka source's {@code sources/<i>/0} ({@code KafkaSourceInitialOffsetWriter}): one binary byte (0, or
 * in Spark 2.1.0 the low byte of the JSON length), then {@code v1\n<json>}, or in 2.1.0 the JSON directly.
 */
public final class KafkaInitialOffsetParser {

    private static final int MAX_VERSION = 1;

    private KafkaInitialOffsetParser() {
    }

    /** Whether the file has Spark 2.1.0's layout: the JSON right after the first byte, no {@code v1} line. */
    public static boolean isSpark210Format(byte[] bytes) {
        return bytes.length >= 2 && bytes[1] != 'v';
    }

    public static JsonNode parse(byte[] bytes) throws FormatException {
        if (bytes.length < 2) {
            throw new FormatException(null, "truncated: " + bytes.length + " bytes, too short for Kafka initial offsets");
        }
        byte[] rest = Arrays.copyOfRange(bytes, 1, bytes.length);
        String json;
        if (rest[0] == 'v') {
            int newline = indexOf(rest, (byte) '\n');
            if (newline < 0) {
                throw new FormatException(FormatException.atByte(1), "truncated: no newline after the version");
            }
            LogText.parseVersion(new String(rest, 0, newline, StandardCharsets.UTF_8), MAX_VERSION);
            json = String.join("\n", LogText.decode(Arrays.copyOfRange(rest, newline + 1, rest.length)).lines());
        } else {
            json = String.join("\n", LogText.decode(rest).lines());
        }
        JsonNode offsets = Json.parseObject(json, FormatException.atByte(1));
        if (!KafkaOffsets.isKafkaOffsets(offsets)) {
            throw new FormatException(FormatException.atByte(1),
                    "not Kafka offsets: expected {\"topic\":{\"partition\":offset}}, found " + LogText.abbreviate(offsets.toString()));
        }
        return offsets;
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
