# Reckon: one image holding every executable; compose.yaml picks the one each service runs.
FROM swift:6.3-bookworm AS build
RUN apt-get update -qq && apt-get install -y -qq libzmq3-dev libsodium-dev libsqlite3-dev zlib1g-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift Package.resolved ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib \
    && mkdir /out \
    && cp .build/release/reckon .build/release/reckon-gateway .build/release/reckon-calc .build/release/reckon-orders .build/release/reckon-ledger .build/release/reckon-http .build/release/reckon-bench /out/ \
    && cp -R .build/release/*.resources /out/

FROM debian:bookworm-slim
RUN apt-get update -qq && apt-get install -y -qq libzmq5 libsodium23 libsqlite3-0 ca-certificates && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 reckon
COPY --from=build /out/ /usr/local/bin/
USER reckon
ENV LOG_LEVEL=info RECKON_METRICS_HOST=0.0.0.0 RECKON_METRICS_PORT=9100
# The gateway's client and worker endpoints; metrics and health on 9100. Every option of every server can be set as
# RECKON_<OPTION> (docs/deploy.md).
EXPOSE 5555 5556 9100
# /health of whichever server runs, without curl: bash's /dev/tcp.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/9100 && printf 'GET /health HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q ' 200 ' <&3"]
CMD ["reckon-gateway", "--client-endpoint", "tcp://*:5555", "--worker-endpoint", "tcp://*:5556", "--metrics-host", "0.0.0.0", "--metrics-port", "9100"]
