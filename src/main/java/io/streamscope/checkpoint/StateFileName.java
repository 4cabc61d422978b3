package io.streamscope.checkpoint;

/**
 * The name of a state store's file: {@code 12.delta}, {@code 3.snapshot}, {@code 4.zip}, {@code 5.changelog}, and
 * checkpoint format v2's {@code 4_<uuid>.zip}. Read by hand rather than with a regular expression: a checkpoint's
 * state holds tens of thousands of them, and each is named again at every open.
 *
 * @param version  the state version: up to 19 digits, at most {@link Long#MAX_VALUE} (a larger number is no state
 *                 file's)
 * @param uniqueId format v2's unique id ({@code [0-9A-Za-z-]+}), {@code ""} without one
 * @param kind     {@code delta}, {@code snapshot}, {@code zip} or {@code changelog}
 */
public record StateFileName(long version, String uniqueId, String kind) {

    private static final String[] KINDS = {"delta", "snapshot", "zip", "changelog"};
    private static final String SIDECAR = ".crc";

    /** The parts of {@code name}, or null where it is no state file's name. */
    public static StateFileName parse(String name) {
        return parse(name, name.length());
    }

    /** Whether {@code name} is a state file's checksum sidecar ({@code 3.delta.crc}, Spark 4.1). */
    public static boolean isSidecar(String name) {
        return name.endsWith(SIDECAR) && parse(name, name.length() - SIDECAR.length()) != null;
    }

    private static StateFileName parse(String name, int end) {
        int digits = 0;
        long version = 0;
        while (digits < end && name.charAt(digits) >= '0' && name.charAt(digits) <= '9') {
            int digit = name.charAt(digits++) - '0';
            if (version > (Long.MAX_VALUE - digit) / 10) {
                return null;
            }
            version = version * 10 + digit;
        }
        if (digits == 0 || digits > 19) {
            return null;
        }
        int at = digits;
        String uniqueId = "";
        if (at < end && name.charAt(at) == '_') {
            int idStart = ++at;
            while (at < end && isIdChar(name.charAt(at))) {
                at++;
            }
            if (at == idStart) {
                return null;
            }
            uniqueId = name.substring(idStart, at);
        }
        if (at >= end || name.charAt(at) != '.') {
            return null;
        }
        for (String kind : KINDS) {
            if (end - at - 1 == kind.length() && name.startsWith(kind, at + 1)) {
                return new StateFileName(version, uniqueId, kind);
            }
        }
        return null;
    }

    private static boolean isIdChar(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-';
    }
}
