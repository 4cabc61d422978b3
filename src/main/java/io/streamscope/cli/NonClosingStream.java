package io.streamscope.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** stdout must stay open when a JSON generator over it closes. */
final class NonClosingStream extends FilterOutputStream {

    NonClosingStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
