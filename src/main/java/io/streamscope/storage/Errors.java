package io.streamscope.storage;

/** One line for an I/O failure of a remote file system. */
final class Errors {

    private Errors() {
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        if (message != null) {
            int newline = message.indexOf('\n');
            message = newline < 0 ? message : message.substring(0, newline);
        }
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
