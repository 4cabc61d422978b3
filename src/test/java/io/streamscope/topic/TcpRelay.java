package io.streamscope.topic;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Forwards TCP connections from a local port to a target port. {@link #cut()} closes every connection and stops
 * listening, which is what a client sees when a broker stops: connections drop and new ones are refused.
 */
public final class TcpRelay implements AutoCloseable {

    private final int port;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    private TcpRelay(int port, int targetPort) {
        this.port = port;
        this.targetPort = targetPort;
    }

    /** Listens on {@code port} and forwards every connection to {@code targetPort}, both on loopback. */
    public static TcpRelay listenOn(int port, int targetPort) throws IOException {
        TcpRelay relay = new TcpRelay(port, targetPort);
        relay.restore();
        return relay;
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Listens (again) on the same port. */
    public synchronized void restore() throws IOException {
        if (server != null && !server.isClosed()) {
            return;
        }
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), server == null ? port : server.getLocalPort()));
        server = socket;
        Thread acceptor = new Thread(() -> accept(socket), "tcp-relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                sockets.add(client);
                sockets.add(target);
                pump(client, target);
                pump(target, client);
            } catch (IOException e) {
                // closed by cut(), or the target is down: the client sees its connection drop
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // connection closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-relay-pump");
        thread.setDaemon(true);
        thread.start();
    }

    /** Drops every connection and refuses new ones. */
    public synchronized void cut() {
        closeQuietly(server);
        sockets.forEach(TcpRelay::closeQuietly);
        sockets.clear();
    }

    @Override
    public void close() {
        cut();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            if (closeable != null) {
                closeable.close();
            }
        } catch (Exception e) {
            // already closed
        }
    }
}
