package io.streamscope.checkpoint.state;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.checkpoint.Json;
import io.streamscope.sparktypes.SparkType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * How a column family's keys are laid out for RocksDB scans, from the schema file's key encoder spec: plainly, with
 * the first {@code prefixColumns} columns as a scannable prefix (map state, timers by key), or with fixed-width
 * {@code orderingOrdinals} columns first, big-endian, so that keys sort by them (timers by time, TTL).
 */
record KeyEncoderSpec(Kind kind, int prefixColumns, List<Integer> orderingOrdinals) {

    enum Kind { NO_PREFIX, PREFIX_SCAN, RANGE_SCAN }

    static final KeyEncoderSpec NO_PREFIX = new KeyEncoderSpec(Kind.NO_PREFIX, 0, List.of());

    KeyEncoderSpec {
        orderingOrdinals = List.copyOf(orderingOrdinals);
    }

    /** The spec of {@code json} ({@code {"keyStateEncoderType":"PrefixKeyScanStateEncoderSpec","numColsPrefixKey":1}}). */
    static KeyEncoderSpec parse(String json) throws IOException {
        if (json == null || json.isBlank()) {
            return NO_PREFIX;
        }
        JsonNode spec = Json.mapper().readTree(json);
        String type = spec.path("keyStateEncoderType").asText("");
        switch (type) {
            case "NoPrefixKeyStateEncoderSpec":
                return NO_PREFIX;
            case "PrefixKeyScanStateEncoderSpec":
                return new KeyEncoderSpec(Kind.PREFIX_SCAN, spec.path("numColsPrefixKey").asInt(), List.of());
            case "RangeKeyScanStateEncoderSpec":
                List<Integer> ordinals = new ArrayList<>();
                spec.path("orderingOrdinals").forEach(ordinal -> ordinals.add(ordinal.asInt()));
                return new KeyEncoderSpec(Kind.RANGE_SCAN, 0, ordinals);
            default:
                throw new IOException("unknown key encoder " + (type.isEmpty() ? json : type));
        }
    }

    /** The ordinals of the key schema's columns stored first: the prefix, or the ordering columns. */
    List<Integer> leadingOrdinals(SparkType.Struct keySchema) {
        if (kind == Kind.RANGE_SCAN) {
            return orderingOrdinals;
        }
        List<Integer> leading = new ArrayList<>();
        for (int i = 0; i < Math.min(prefixColumns, keySchema.size()); i++) {
            leading.add(i);
        }
        return leading;
    }

    /** The ordinals of the other columns, stored after the leading ones, in schema order. */
    List<Integer> remainingOrdinals(SparkType.Struct keySchema) {
        List<Integer> leading = leadingOrdinals(keySchema);
        List<Integer> remaining = new ArrayList<>();
        for (int i = 0; i < keySchema.size(); i++) {
            if (!leading.contains(i)) {
                remaining.add(i);
            }
        }
        return remaining;
    }
}
