# Reckon: one image holding every executable; compose.yaml picks the one each service runs.
FROM swift:6.3-bookworm AS build
RUN apt-get update -qq && apt-get install -y -qq libzmq3-dev libsodium-dev libsqlite3-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib \
    && mkdir /out \
    && cp .build/release/reckon .build/release/reckon-gateway .build/release/reckon-calc .build/release/reckon-orders .build/release/reckon-ledger .build/release/reckon-bench /out/ \
    && cp -R .build/release/*.resources /out/

FROM debian:bookworm-slim
RUN apt-get update -qq && apt-get install -y -qq libzmq5 libsodium23 libsqlite3-0 ca-certificates && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 reckon
COPY --from=build /out/ /usr/local/bin/
USER reckon
ENV LOG_LEVEL=info
# The gateway's client and worker endpoints; metrics and health on 9100.
EXPOSE 5555 5556 9100
CMD ["reckon-gateway", "--client-endpoint", "tcp://*:5555", "--worker-endpoint", "tcp://*:5556", "--metrics-host", "0.0.0.0", "--metrics-port", "9100"]
