package io.streamscope.topic;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The offline topic snapshot of design.md, one JSON object per line:
 * {@code {"partition":0,"offset":5,"timestamp":1769076300000,"key":"150","value":"{…}"}}. A key or value that is not
 * valid UTF-8 is base64, marked by {@code "keyEncoding":"base64"} / {@code "valueEncoding":"base64"}. Readers ignore
 * fields they do not know, so dumps with extra fields still load.
 */
public final class SnapshotFormat {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String BASE64 = "base64";

    private SnapshotFormat() {
    }

    /** Writes one record as one line (without the newline). Headers and the timestamp type are not part of the format. */
    public static void write(JsonGenerator json, TopicRecord record) throws IOException {
        if (record.truncated()) {
            throw new IllegalArgumentException("record " + record.offset() + " of " + record.topicPartition()
                    + " holds only a preview of its key or value; read it with ReadOptions.fullValues()");
        }
        json.writeStartObject();
        json.writeFieldName(PARTITION);
        json.writeNumber(record.partition());
        json.writeFieldName(OFFSET);
        json.writeNumber(record.offset());
        json.writeFieldName(TIMESTAMP);
        json.writeNumber(record.timestamp());
        writePayload(json, KEY, "key", record.key());
        writePayload(json, VALUE, "value", record.value());
        json.writeEndObject();
    }

    /** Field names written once per record of a million-record export: encoded once. */
    private static final SerializedString PARTITION = new SerializedString("partition");
    private static final SerializedString OFFSET = new SerializedString("offset");
    private static final SerializedString TIMESTAMP = new SerializedString("timestamp");
    private static final SerializedString KEY = new SerializedString("key");
    private static final SerializedString VALUE = new SerializedString("value");

    private static void writePayload(JsonGenerator json, SerializedString name, String field, Bytes payload) throws IOException {
        json.writeFieldName(name);
        if (payload == null) {
            json.writeNull();
            return;
        }
        byte[] bytes = payload.array();
        if (json instanceof UTF8JsonGenerator && isAscii(bytes)) {
            json.writeUTF8String(bytes, 0, bytes.length); // ASCII is its own UTF-8: no decoding to a String and back
            return;
        }
        Optional<String> text = payload.utf8Text();
        if (text.isPresent()) {
            json.writeString(text.get());
        } else {
            json.writeString(payload.base64());
            json.writeStringField(field + "Encoding", BASE64);
        }
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses one line.
     *
     * @param where names the line in messages, e.g. {@code orders.jsonl line 3}
     * @throws TopicException naming {@code where} and the field at fault
     */
    static TopicRecord parse(byte[] buffer, int start, int length, String topic, int maxPayloadBytes, String where)
            throws TopicException {
        JsonNode line;
        try {
            line = MAPPER.readTree(buffer, start, length);
        } catch (JsonProcessingException e) {
            String column = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
            throw new TopicException(where + ": not valid JSON" + column + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new TopicException(where + ": " + e.getMessage(), e);
        }
        if (line == null || !line.isObject()) {
            throw new TopicException(where + ": expected a JSON object with partition, offset, timestamp, key and value");
        }
        long partition = integer(line, "partition", where, true);
        if (partition < 0 || partition > Integer.MAX_VALUE) {
            throw new TopicException(where + ": \"partition\" must be between 0 and " + Integer.MAX_VALUE + ", found " + partition);
        }
        long offset = integer(line, "offset", where, true);
        if (offset < 0) {
            throw new TopicException(where + ": \"offset\" must not be negative, found " + offset);
        }
        boolean hasTimestamp = line.hasNonNull("timestamp");
        long timestamp = hasTimestamp ? integer(line, "timestamp", where, false) : -1;
        return new TopicRecord(topic, (int) partition, offset, timestamp,
                hasTimestamp ? RecordTimestampType.CREATE_TIME : RecordTimestampType.NO_TIMESTAMP_TYPE,
                payload(line, "key", maxPayloadBytes, where), payload(line, "value", maxPayloadBytes, where), List.of());
    }

    private static long integer(JsonNode line, String field, String where, boolean required) throws TopicException {
        JsonNode value = line.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw new TopicException(where + ": missing \"" + field + "\"");
            }
            return -1;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new TopicException(where + ": \"" + field + "\" must be an integer, found " + value);
        }
        return value.asLong();
    }

    private static Bytes payload(JsonNode line, String field, int maxPayloadBytes, String where) throws TopicException {
        JsonNode value = line.get(field);
        JsonNode encoding = line.get(field + "Encoding");
        boolean base64 = false;
        if (encoding != null && !encoding.isNull()) {
            if (!encoding.isTextual() || !encoding.asText().equals(BASE64)) {
                throw new TopicException(where + ": \"" + field + "Encoding\" must be \"base64\" when present, found " + encoding);
            }
            base64 = true;
        }
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new TopicException(where + ": \"" + field + "\" must be a string or null, found " + value.getNodeType()
                    .name().toLowerCase(java.util.Locale.ROOT) + " (a JSON value is stored as its text)");
        }
        byte[] bytes;
        if (base64) {
            try {
                bytes = Base64.getDecoder().decode(value.asText());
            } catch (IllegalArgumentException e) {
                throw new TopicException(where + ": \"" + field + "\" is marked base64 but is not: " + e.getMessage());
            }
        } else {
            bytes = value.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        return Bytes.wrapPreview(bytes, maxPayloadBytes);
    }
}
