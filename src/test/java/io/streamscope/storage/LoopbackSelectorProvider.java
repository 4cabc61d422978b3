package io.streamscope.storage;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.channels.DatagramChannel;
import java.nio.channels.Pipe;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.spi.AbstractSelector;
import java.nio.channels.spi.SelectorProvider;
import java.util.Set;

/**
 * The child JVM of {@link TestS3}'s S3Mock runs with {@code -Djava.nio.channels.spi.SelectorProvider=} this class: every
 * server socket it binds to "any address" binds to 127.0.0.1 instead. S3Mock adds an HTTP connector of its own that
 * no property holds to loopback; this holds every listener of that JVM there, whoever opens it.
 */
public final class LoopbackSelectorProvider extends SelectorProvider {

    private final SelectorProvider system;

    public LoopbackSelectorProvider() throws ReflectiveOperationException {
        // the JDK's own provider (needs --add-exports java.base/sun.nio.ch=ALL-UNNAMED)
        system = (SelectorProvider) Class.forName("sun.nio.ch.DefaultSelectorProvider").getMethod("get").invoke(null);
    }

    @Override
    public DatagramChannel openDatagramChannel() throws IOException {
        return system.openDatagramChannel();
    }

    @Override
    public DatagramChannel openDatagramChannel(ProtocolFamily family) throws IOException {
        return system.openDatagramChannel(family);
    }

    @Override
    public Pipe openPipe() throws IOException {
        return system.openPipe();
    }

    @Override
    public AbstractSelector openSelector() throws IOException {
        return system.openSelector();
    }

    @Override
    public ServerSocketChannel openServerSocketChannel() throws IOException {
        return new Loopback(this, system.openServerSocketChannel());
    }

    @Override
    public ServerSocketChannel openServerSocketChannel(ProtocolFamily family) throws IOException {
        return new Loopback(this, system.openServerSocketChannel(family));
    }

    @Override
    public SocketChannel openSocketChannel() throws IOException {
        return system.openSocketChannel();
    }

    @Override
    public SocketChannel openSocketChannel(ProtocolFamily family) throws IOException {
        return system.openSocketChannel(family);
    }

    /** A server channel whose wildcard bind is a loopback bind. */
    private static final class Loopback extends ServerSocketChannel {
        private final ServerSocketChannel channel;

        Loopback(SelectorProvider provider, ServerSocketChannel channel) {
            super(provider);
            this.channel = channel;
        }

        @Override
        public ServerSocketChannel bind(SocketAddress local, int backlog) throws IOException {
            int port = local instanceof InetSocketAddress inet ? inet.getPort() : 0;
            if (local == null || (local instanceof InetSocketAddress inet && inet.getAddress() != null
                    && inet.getAddress().isAnyLocalAddress()) || (local instanceof InetSocketAddress unresolved
                    && unresolved.getAddress() == null)) {
                local = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
            }
            channel.bind(local, backlog);
            return this;
        }

        @Override
        public <T> ServerSocketChannel setOption(SocketOption<T> name, T value) throws IOException {
            channel.setOption(name, value);
            return this;
        }

        @Override
        public <T> T getOption(SocketOption<T> name) throws IOException {
            return channel.getOption(name);
        }

        @Override
        public Set<SocketOption<?>> supportedOptions() {
            return channel.supportedOptions();
        }

        @Override
        public ServerSocket socket() {
            return channel.socket();
        }

        @Override
        public SocketChannel accept() throws IOException {
            return channel.accept();
        }

        @Override
        public SocketAddress getLocalAddress() throws IOException {
            return channel.getLocalAddress();
        }

        @Override
        protected void implCloseSelectableChannel() throws IOException {
            channel.close();
        }

        @Override
        protected void implConfigureBlocking(boolean block) throws IOException {
            channel.configureBlocking(block);
        }
    }
}
